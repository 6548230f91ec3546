import { useSyncExternalStore } from "react";

// The pre-registration unsaved-changes flag per shop slug (spec §3 Cart "An unsaved-changes flag is set when the total
// changes in pre-registration"): set by the shop frame wherever the visitor changes the wishlist cart, read and cleared
// by the wishlist's save button. Kept for the page's life (a reload starts from the saved wishlist again).
const unsaved = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Sets the unsaved-changes flag of the shop `slug` (its wishlist cart's total changed). spec §3 Cart. */
export const markWishlistUnsaved = (slug: string): void => {
  if (unsaved.has(slug)) return;
  unsaved.add(slug);
  notify();
};

/** Clears the unsaved-changes flag of the shop `slug` (its wishlist was saved). spec §3 Cart, §4 Wishlist save. */
export const markWishlistSaved = (slug: string): void => {
  if (!unsaved.delete(slug)) return;
  notify();
};

/** The unsaved-changes flag of the shop `slug`: true once its wishlist cart's total changed after the last save (false on the server). */
export const useWishlistUnsaved = (slug: string): boolean =>
  useSyncExternalStore(
    subscribe,
    () => unsaved.has(slug),
    () => false,
  );

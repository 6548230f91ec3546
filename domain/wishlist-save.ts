/** The wishlist save button: its states, transitions and spinner time. spec §4 Wishlist save. */

/** Wishlist save state. spec §4 Wishlist save. */
export type WishlistSaveState = "notSaved" | "saving" | "saved";
/** Events of the wishlist save: save pressed, save done, save failed, cart changed. */
export type WishlistSaveEvent = "save" | "saved" | "failed" | "cartChanged";

/** Wishlist save transitions: notSaved -save-> saving -saved-> saved; failed -> notSaved; a cart change clears saved. spec §4, §3 Cart. */
export const wishlistSaveTransition = (state: WishlistSaveState, event: WishlistSaveEvent): WishlistSaveState => {
  switch (event) {
    case "save":
      return state === "saving" ? state : "saving";
    case "saved":
      return state === "saving" ? "saved" : state;
    case "failed":
      return state === "saving" ? "notSaved" : state;
    case "cartChanged":
      return state === "saved" ? "notSaved" : state;
  }
};

/** How long the wishlist save shows its spinner at least, in ms. spec §9 "Wishlist save delay 1000 ms", §4 Wishlist save "spinner about 1 s". */
export const WISHLIST_SAVE_DELAY_MS = 1000;

/** The products of a cart or wishlist that count: ids with a positive whole quantity. */
const countedProducts = (products: Readonly<Record<string, number>>): Map<string, number> =>
  new Map(Object.entries(products).filter(([, quantity]) => Number.isInteger(quantity) && quantity > 0));

/**
 * Whether the wishlist cart's products (id -> quantity) differ from the saved wishlist's (`saved`, null when none is
 * saved): a product added, removed or with another quantity; zero quantities count as absent. spec §3 Cart "unsaved-changes
 * flag", §4 Wishlist save.
 */
export const differsFromSavedWishlist = (cart: Readonly<Record<string, number>>, saved: Readonly<Record<string, number>> | null): boolean => {
  const inCart = countedProducts(cart);
  const inSaved = countedProducts(saved ?? {});
  return inCart.size !== inSaved.size || [...inCart].some(([id, quantity]) => inSaved.get(id) !== quantity);
};

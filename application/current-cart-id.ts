import type { CartIdStore } from "./ports/cart-id-store.port.ts";

/**
 * The visitor's current cart of shop `slug`: the one the page's deep link names (spec §2, §6), else the remembered one
 * (spec §3 Cart id), else null; so cart and hotel booking come from one cart.
 */
export const currentCartId = (cartIds: CartIdStore, slug: string, deepLinkCartId: string | null | undefined): string | null =>
  deepLinkCartId ?? cartIds.get(slug);

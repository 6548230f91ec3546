import type { CartIdStore } from "./ports/cart-id-store.port.ts";

/**
 * Which cart of shop `slug` is the visitor's current one: the cart the page's deep link names (`deepLinkCartId`, domain
 * deepLinkCartId: spec §2 "A cart from a deep link is flagged when cartToken and cartId are present and the page is not
 * checkout"; read with the link's cart token, spec §6) when there is one, else the remembered one (spec §3 Cart id);
 * null when neither. The one rule every read of the current cart uses, so the cart and its hotel booking come from the
 * same cart.
 */
export const currentCartId = (cartIds: CartIdStore, slug: string, deepLinkCartId: string | null | undefined): string | null =>
  deepLinkCartId ?? cartIds.get(slug);

/** Port remembering the visitor's cart id per shop slug so the cart survives a reload (spec §3 Cart id). */
export interface CartIdStore {
  /** The stored cart id of a shop, or null. */
  get(slug: string): string | null;
  /** Stores the cart id of a shop. */
  set(slug: string, cartId: string): void;
  /** Forgets the cart of a shop (expired, confirmed or unknown to the server). */
  clear(slug: string): void;
}

import type { CartIdStore } from "../../application/ports/cart-id-store.port.ts";

const key = (slug: string) => `festival-shop.cart.${slug}`;

/** CartIdStore in the browser's localStorage (key `festival-shop.cart.{slug}`), so the cart id survives a reload. spec §3 Cart. */
export class LocalStorageCartIdStore implements CartIdStore {
  constructor(private readonly storage: Storage = window.localStorage) {}

  /** The stored cart id, or null. */
  get(slug: string): string | null {
    return this.storage.getItem(key(slug));
  }

  /** Remembers the cart id. */
  set(slug: string, cartId: string): void {
    this.storage.setItem(key(slug), cartId);
  }

  /** Forgets the cart id. */
  clear(slug: string): void {
    this.storage.removeItem(key(slug));
  }
}

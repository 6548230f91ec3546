import { inject, injectable } from "tsyringe";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import { CART_ID_STORE } from "../ports/tokens.ts";

/** Forgets the visitor's cart of a shop, e.g. after the countdown expired (spec §4 Countdown: the shop state is reset). */
@injectable()
export class ForgetCart {
  constructor(@inject(CART_ID_STORE) private readonly cartIds: CartIdStore) {}

  /** Clears the remembered cart id of `slug`. */
  execute(slug: string): void {
    this.cartIds.clear(slug);
  }
}

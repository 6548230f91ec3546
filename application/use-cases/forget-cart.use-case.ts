import { inject, injectable } from "tsyringe";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import { CART_ID_STORE } from "../ports/tokens.ts";

/** Forgets the visitor's cart of a shop, e.g. after the countdown expired (spec §4 Countdown: the shop state is reset) or once a returning visitor's cart is found timed out (spec §2 Route guards). */
@injectable()
export class ForgetCart {
  constructor(@inject(CART_ID_STORE) private readonly cartIds: CartIdStore) {}

  /** Clears the remembered cart id of `slug`; with `cartId`, only when that is the one remembered (another cart the visitor has since started stays). */
  execute(slug: string, cartId?: string): void {
    if (cartId === undefined || this.cartIds.get(slug) === cartId) this.cartIds.clear(slug);
  }
}

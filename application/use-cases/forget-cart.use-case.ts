import { inject, injectable } from "tsyringe";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import { CART_ID_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: route guards and the countdown call it from the first load, which leaves effect's
// runtime out (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Forgets the visitor's cart of a shop, e.g. after the countdown expired (spec §4 Countdown: the shop state is reset) or once a returning visitor's cart is found timed out (spec §2 Route guards). */
@injectable()
export class ForgetCart {
  constructor(@inject(CART_ID_STORE) private readonly cartIds: CartIdStore) {}

  /** Clears the remembered cart id of shop `slug`; with `cartId`, only when that is the one remembered (another cart the visitor has since started stays). */
  execute(input: { readonly slug: string; readonly cartId?: string | undefined }): void {
    const { slug, cartId } = input;
    if (cartId === undefined || this.cartIds.get(slug) === cartId) this.cartIds.clear(slug);
  }
}

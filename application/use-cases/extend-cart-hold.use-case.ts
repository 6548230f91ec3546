import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API } from "../ports/tokens.ts";

/**
 * Gives the visitor more time (WCAG 2.2.1 Timing Adjustable, spec §4 Countdown): extends the cart's hold by one cart
 * timeout through the CartApi port; the answered cart carries the new timeout the countdown restarts from and the
 * extensions left (domain hold-extension.ts). Fails with an ApiFailure: 409 cart.extensions.used.up when the shop's
 * bound is used up, cart.expired when the time already ran out, cart.not.shopping in payment.
 */
@injectable()
export class ExtendCartHold {
  constructor(@inject(CART_API) private readonly cartApi: CartApi) {}

  /** Extends the hold of cart `cartId`; answers the cart. */
  execute(input: { readonly context: ShopContext; readonly cartId: string }): Effect.Effect<Cart, ApiFailure> {
    return this.cartApi.extendHold(input.context, input.cartId);
  }
}

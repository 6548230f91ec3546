import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API } from "../ports/tokens.ts";

/**
 * Gives the visitor more time (spec §4 Countdown, WCAG 2.2.1): extends the cart's hold by one cart timeout; the cart
 * answers the new timeout and extensions left. Fails with an ApiFailure.
 */
@injectable()
export class ExtendCartHold {
  constructor(@inject(CART_API) private readonly cartApi: CartApi) {}

  /** Extends the hold of cart `cartId`; answers the cart. */
  execute(input: { readonly context: ShopContext; readonly cartId: string }): Effect.Effect<Cart, ApiFailure> {
    return this.cartApi.extendHold(input.context, input.cartId);
  }
}

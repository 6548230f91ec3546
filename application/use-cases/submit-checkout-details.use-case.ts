import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart, CartDetails } from "../../domain/cart.schema.ts";
import { type ApiFailure, NoCartError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";

/** Sends the validated checkout details of the visitor's cart (spec §7 PUT /carts/{cartId}, §4 Placing an order); the answer's cart carries the payment methods. Fails with NoCartError or an ApiFailure. */
@injectable()
export class SubmitCheckoutDetails {
  constructor(
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The cart after the details were stored. */
  execute({ slug, context, details }: { readonly slug: string; readonly context: ShopContext; readonly details: CartDetails }): Effect.Effect<Cart, ApiFailure | NoCartError> {
    const cartId = this.cartIds.get(slug);
    if (!cartId) return Effect.fail(new NoCartError({ slug }));
    return this.cartApi.putDetails(context, cartId, details);
  }
}

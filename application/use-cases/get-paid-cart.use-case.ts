import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";

/** Reads a cart by id after the payment provider returned (spec §2 payment status); a confirmed cart is forgotten so the next visit starts a new one. Fails with an ApiFailure. */
@injectable()
export class GetPaidCart {
  constructor(
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The cart `cartId` of shop `slug`. */
  execute({ slug, context, cartId }: { readonly slug: string; readonly context: ShopContext; readonly cartId: string }): Effect.Effect<Cart, ApiFailure> {
    return this.cartApi.getCart(context, cartId).pipe(
      Effect.tap((cart) =>
        Effect.sync(() => {
          if (cart.status === "confirmed" && this.cartIds.get(slug) === cart.id) this.cartIds.clear(slug);
        }),
      ),
    );
  }
}

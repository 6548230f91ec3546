import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";

/** Loads the visitor's remembered cart of a shop (spec §7 GET /carts/{cartId}); null when there is none or the server no longer knows it (the stored id is then forgotten). Fails with an ApiFailure. */
@injectable()
export class GetCurrentCart {
  constructor(
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The current cart of `slug`, or null. */
  execute(slug: string, context: ShopContext): Effect.Effect<Cart | null, ApiFailure> {
    const cartId = this.cartIds.get(slug);
    if (!cartId) return Effect.succeed(null);
    return this.cartApi.getCart(context, cartId).pipe(
      Effect.catchIf(
        (e): e is ShopApiError => e instanceof ShopApiError && e.status === 404,
        () => Effect.sync(() => {
          this.cartIds.clear(slug);
          return null;
        }),
      ),
    );
  }
}

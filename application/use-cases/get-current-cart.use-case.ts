import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import { cartTimedOut } from "../../domain/countdown.ts";
import { currentCartId } from "../current-cart-id.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";

/**
 * Loads the visitor's cart of a shop (spec §7): the deep link's cart (then remembered), else the remembered one; null
 * when none or unknown. A timed-out cart is answered once, then forgotten. Fails with an ApiFailure.
 */
@injectable()
export class GetCurrentCart {
  constructor(
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The current cart of `slug` (the deep link's when `deepLinkCartId` is given), or null. */
  execute(input: { readonly slug: string; readonly context: ShopContext; readonly deepLinkCartId?: string | null | undefined }): Effect.Effect<Cart | null, ApiFailure> {
    const { slug, context } = input;
    const deepLinkCartId = input.deepLinkCartId ?? null;
    const remembered = this.cartIds.get(slug);
    const cartId = currentCartId(this.cartIds, slug, deepLinkCartId);
    if (!cartId) return Effect.succeed(null);
    return this.cartApi.getCart(context, cartId).pipe(
      Effect.tap((cart) =>
        Effect.sync(() => {
          if (cartTimedOut(cart.timeout, cart.status)) {
            if (remembered === cartId) this.cartIds.clear(slug);
          } else if (cartId !== remembered) this.cartIds.set(slug, cartId);
        }),
      ),
      Effect.catchIf(
        (e): e is ShopApiError => deepLinkCartId === null && e instanceof ShopApiError && e.status === 404,
        () => Effect.sync(() => {
          this.cartIds.clear(slug);
          return null;
        }),
      ),
    );
  }
}

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
 * Loads the visitor's cart of a shop (spec §7 GET /carts/{cartId}): the cart a deep link names (`deepLinkCartId`, domain
 * deepLinkCartId: spec §2 "A cart from a deep link is flagged when cartToken and cartId are present"), which is then
 * remembered as the shop's cart, else the remembered one; null when there is none or the server no longer knows the
 * remembered one (its id is then forgotten). A cart that timed out (domain cartTimedOut, spec §2 Route guards) is
 * answered once so the shop can say so (6002) and forgotten, so the next visit starts a new cart instead of being sent
 * back to the overview for as long as the id cookie lives. Fails with an ApiFailure (a deep-link cart the server
 * refuses, e.g. 403 cart.token.invalid, is never remembered).
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

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart, PutCartProduct } from "../../domain/cart.schema.ts";
import { type WishlistFillMode, wishlistCartChanges } from "../../domain/wishlist.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { ChangeProductQuantity } from "./change-product-quantity.use-case.ts";
import { GetCurrentCart } from "./get-current-cart.use-case.ts";

/** Input of PrefillCartFromWishlist: the shop, the quantities to put in the cart (domain wishlistTable's `products`: the wishlist's products on sale) and the fill mode. */
export interface PrefillCartInput {
  readonly slug: string;
  readonly context: ShopContext;
  /** Product id -> quantity, each at least 1. */
  readonly products: Readonly<Record<string, number>>;
  readonly mode: WishlistFillMode;
}

/** What the pre-fill did: the cart after it (null when there was no cart and nothing to put in it) and the changes made, in order. */
export interface PrefillCartResult {
  readonly cart: Cart | null;
  readonly changes: ReadonlyArray<PutCartProduct>;
}

/**
 * Pre-fills the visitor's cart with a saved wishlist (spec §2 Other layers "Wishlist pre-fill cart modal", §3 Wishlist):
 * reads the current cart (GET /carts/{cartId}, none when there is no cart), decides the changes with domain
 * wishlistCartChanges (fill keeps the cart's other products, restore removes them; lowerings first), and makes them one
 * after the other with ChangeProductQuantity, which creates the cart on the first change when there is none. Stops at
 * the first failure with the server's 5000 / 5001 / 5004 ShopApiError or another ApiFailure; the changes before it stay
 * in the cart. spec §7 PUT /carts/{cartId}/products.
 */
@injectable()
export class PrefillCartFromWishlist {
  constructor(
    @inject(GetCurrentCart) private readonly currentCart: GetCurrentCart,
    @inject(ChangeProductQuantity) private readonly changeQuantity: ChangeProductQuantity,
  ) {}

  /** The cart after the changes and the changes made. */
  execute(input: PrefillCartInput): Effect.Effect<PrefillCartResult, ApiFailure> {
    return this.currentCart.execute({ slug: input.slug, context: input.context }).pipe(
      Effect.flatMap((cart) => {
        const changes = wishlistCartChanges(input.products, cart?.products ?? {}, input.mode);
        return Effect.reduce(
          changes,
          (): Cart | null => cart,
          (_, change) => this.changeQuantity.execute({ slug: input.slug, context: input.context, ...change }),
        ).pipe(Effect.map((after) => ({ cart: after, changes })));
      }),
    );
  }
}

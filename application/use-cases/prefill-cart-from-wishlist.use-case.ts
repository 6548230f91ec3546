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
 * Pre-fills the cart with a saved wishlist (spec §2 Other layers, §3 Wishlist) through ChangeProductQuantity, lowerings
 * first; stops at the first failure, keeping the changes before it. spec §7.
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

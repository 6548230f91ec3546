import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";

/** Input of ChangeProductQuantity: the shop, the product and its new quantity in the cart (0 removes). */
export interface ChangeProductQuantityInput {
  readonly slug: string;
  readonly context: ShopContext;
  readonly productId: string;
  readonly quantity: number;
}

const isGoneCart = (e: ApiFailure): e is ShopApiError =>
  e instanceof ShopApiError && (e.code === "cart.not.found" || e.code === "cart.expired");

/**
 * Sets a product's quantity in the visitor's cart (spec §7, §4), creating the cart when there is none and replacing a
 * gone one once. Fails with ShopApiError or another ApiFailure.
 */
@injectable()
export class ChangeProductQuantity {
  constructor(
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The cart after the change. */
  execute(input: ChangeProductQuantityInput): Effect.Effect<Cart, ApiFailure> {
    const change = { productId: input.productId, quantity: input.quantity };
    const put = (cartId: string) => this.cartApi.putProduct(input.context, cartId, change);
    const withNewCart = Effect.suspend(() => this.#createCart(input)).pipe(Effect.flatMap((cart) => put(cart.id)));
    return Effect.suspend(() => {
      const existing = this.cartIds.get(input.slug);
      if (!existing) return withNewCart;
      return put(existing).pipe(Effect.catchIf(isGoneCart, () => withNewCart));
    });
  }

  #createCart(input: ChangeProductQuantityInput): Effect.Effect<Cart, ApiFailure> {
    return this.cartApi.createCart(input.context).pipe(
      Effect.tap((cart) => Effect.sync(() => this.cartIds.set(input.slug, cart.id))),
    );
  }
}

import type { Effect } from "effect";
import type { Cart, CartDetails, CreateOrder, OrderCreated, PutCartProduct } from "../../domain/cart.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/** Port to the Shop API v2 cart calls (spec §7). Failures carry the server's error code and message. */
export interface CartApi {
  /** POST /carts: a new cart in status shopping with its timeout in seconds (the context's paymentQueueToken when the queue is on; 403 queue.token.required / queue.token.invalid refuse it). */
  createCart(context: ShopContext): Effect.Effect<Cart, ApiFailure>;
  /** GET /carts/{cartId}: the cart with checkoutAllowed, products, totals (cents). */
  getCart(context: ShopContext, cartId: string): Effect.Effect<Cart, ApiFailure>;
  /** PUT /carts/{cartId}/products: set a product's quantity (0 removes); 5000 sold out, 5001 unknown, 5004 over the cap. */
  putProduct(context: ShopContext, cartId: string, change: PutCartProduct): Effect.Effect<Cart, ApiFailure>;
  /** PUT /carts/{cartId}: the checkout details; the answer's cart carries the order's payment methods. */
  putDetails(context: ShopContext, cartId: string, details: CartDetails): Effect.Effect<Cart, ApiFailure>;
  /** POST /carts/{cartId}/extend: one more cart timeout for the cart's hold (WCAG 2.2.1); the cart with its new timeout and holdExtensionsLeft; 409 cart.extensions.used.up, cart.expired, cart.not.shopping. */
  extendHold(context: ShopContext, cartId: string): Effect.Effect<Cart, ApiFailure>;
  /** DELETE /carts/{cartId}/owner with the owner's x-user-token: the account gives its cart back for the account logging in next (spec §3 Checkout form, §6); 403 6004 or cart.account.invalid, 409 cart.not.shopping. */
  releaseOwner(context: ShopContext, cartId: string): Effect.Effect<Cart, ApiFailure>;
  /** POST /carts/{cartId}/orders: start the payment with a method uid; answers the provider's redirect address. */
  createOrder(context: ShopContext, cartId: string, order: CreateOrder): Effect.Effect<OrderCreated, ApiFailure>;
}

import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import { Cart, CartDetails, type CreateOrder, OrderCreated, PutCartProduct } from "../../domain/cart.schema.ts";
import type { ApiFailure } from "../../application/errors.ts";
import type { CartApi } from "../../application/ports/cart-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/api.schema.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

const cartPath = (cartId: string) => `/carts/${encodeURIComponent(cartId)}`;

/** A new Idempotency-Key (random UUID from Web Crypto, available in browsers and Node). */
const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

/** CartApi over HTTP (Shop API v2 cart calls of spec §7), payloads encoded and answers decoded with the domain Schemas. */
@injectable()
export class HttpCartApi implements CartApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** POST /carts, with the context's paymentQueueToken (a string) when it has one. */
  createCart(context: ShopContext): Effect.Effect<Cart, ApiFailure> {
    const body = context.paymentQueueToken === undefined ? {} : { paymentQueueToken: context.paymentQueueToken };
    return sendShopApiRequest(this.baseUrl, { method: "POST", path: "/carts", context, body }, Cart, this.http);
  }

  /** GET /carts/{cartId}. */
  getCart(context: ShopContext, cartId: string): Effect.Effect<Cart, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: cartPath(cartId), context }, Cart, this.http);
  }

  /** PUT /carts/{cartId}/products. */
  putProduct(context: ShopContext, cartId: string, change: PutCartProduct): Effect.Effect<Cart, ApiFailure> {
    const body = Schema.encodeSync(PutCartProduct)(change);
    return sendShopApiRequest(this.baseUrl, { method: "PUT", path: `${cartPath(cartId)}/products`, context, body }, Cart, this.http);
  }

  /** PUT /carts/{cartId}. */
  putDetails(context: ShopContext, cartId: string, details: CartDetails): Effect.Effect<Cart, ApiFailure> {
    const body = Schema.encodeSync(CartDetails)(details);
    return sendShopApiRequest(this.baseUrl, { method: "PUT", path: cartPath(cartId), context, body }, Cart, this.http);
  }

  /** POST /carts/{cartId}/extend with an empty JSON object as its body (as POST /carts without a queue token). */
  extendHold(context: ShopContext, cartId: string): Effect.Effect<Cart, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "POST", path: `${cartPath(cartId)}/extend`, context, body: {} }, Cart, this.http);
  }

  /** DELETE /carts/{cartId}/owner (the context's x-user-token is the owner's), decoded as Cart. */
  releaseOwner(context: ShopContext, cartId: string): Effect.Effect<Cart, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "DELETE", path: `${cartPath(cartId)}/owner`, context }, Cart, this.http);
  }

  /**
   * POST /carts/{cartId}/orders with a fresh Idempotency-Key per order attempt; after a NetworkError (the answer may
   * be lost although the server created the payment) it retries once with the SAME key, so the server replays the
   * first answer instead of starting a second payment. docs/payments.md.
   */
  createOrder(context: ShopContext, cartId: string, order: CreateOrder): Effect.Effect<OrderCreated, ApiFailure> {
    return Effect.suspend(() => {
      const send = sendShopApiRequest(
        this.baseUrl,
        { method: "POST", path: `${cartPath(cartId)}/orders`, context, body: order, headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() } },
        OrderCreated,
        this.http,
      );
      return send.pipe(Effect.catchTag("NetworkError", () => send));
    });
  }
}

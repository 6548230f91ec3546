import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { CART_ID, CONSUMER, PROVIDER, SHOP, SHOP_HEADERS, STATES, UUID, PACT_DIR } from "../support/contract-examples.ts";
import { cartPath, failure } from "../support/contract-examples-matchers.ts";
import { ADD_ON_SHOP, ORDER_CART_TOKEN, ORDER_REFERENCE, QUEUE_SHOP } from "../support/contract-examples-orders.ts";

const { integer, string, regex, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** Example of a token the queue issues (the provider state answers a real one as `paymentQueueToken`). */
const QUEUE_TOKEN = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJmZXN0aXZhbC1zaG9wLXF1ZXVlIn0.c2lnbmF0dXJl";
const QUEUE_HEADERS = { "x-event-namespace": QUEUE_SHOP.apiNamespace, authorization: `Bearer ${QUEUE_SHOP.shopToken}` };
/** Calls of the add-on shop carry the previous order's cart token, which the state answers as `cartToken`. */
const ADD_ON_HEADERS = { ...SHOP_HEADERS, "x-cart-token": fromProviderState("${cartToken}", ORDER_CART_TOKEN) };
const emptyCart = {
  data: {
    id: regex(UUID, CART_ID),
    status: "shopping",
    timeout: integer(900),
    products: {},
    totalAmount: 0,
    totalAmountExcludingServiceCosts: 0,
    checkoutAllowed: false,
    checkoutErrors: [],
    order: null,
  },
};

describe("HttpCartApi with a cart token (add-on carts, spec §6) and the payment queue (spec §7 POST /carts)", () => {
  it("creates an add-on cart with the previous order's cart token (POST /carts, x-cart-token)", () =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, { reference: ORDER_REFERENCE })
      .uponReceiving("a request to create an add-on cart with the order's cart token")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(ADD_ON_HEADERS).jsonBody({}))
      .willRespondWith(201, (b) => b.jsonBody(emptyCart))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).createCart(ADD_ON_SHOP));
        expect(cart).toMatchObject({ status: "shopping", products: {}, checkoutAllowed: false });
      }));

  it("fails with ShopApiError 403 cart.token.invalid for a cart token no order has", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to create a cart with an unknown cart token")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers({ ...SHOP_HEADERS, "x-cart-token": "ct_unknown" }).jsonBody({}))
      .willRespondWith(403, (b) => b.jsonBody(failure("cart.token.invalid", "The cart token is missing or invalid.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).createCart({ ...SHOP, cartToken: "ct_unknown" })));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 403, code: "cart.token.invalid" });
      }));

  it("reads an add-on cart with its cart token (GET /carts/{cartId}, x-cart-token)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { addOnOf: ORDER_REFERENCE })
      .uponReceiving("a request for an add-on cart with its cart token")
      .withRequest("GET", cartPath(), (b) => b.headers(ADD_ON_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody(emptyCart))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).getCart(ADD_ON_SHOP, CART_ID));
        expect(cart.id).toBe(CART_ID);
      }));

  it("fails with ShopApiError 403 cart.token.invalid when an add-on cart is read without its token", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { addOnOf: ORDER_REFERENCE })
      .uponReceiving("a request for an add-on cart without its cart token")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(403, (b) => b.jsonBody(failure("cart.token.invalid", "The cart token is missing or invalid.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).getCart(SHOP, CART_ID)));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "cart.token.invalid" });
      }));

  it("sends the paymentQueueToken the shop's queue issued as a string when the queue is on (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.queueToken)
      .uponReceiving("a request to create a cart with a payment queue token in a queue shop")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(QUEUE_HEADERS).jsonBody({ paymentQueueToken: fromProviderState("${paymentQueueToken}", QUEUE_TOKEN) }))
      .willRespondWith(201, (b) => b.jsonBody(emptyCart))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).createCart({ ...QUEUE_SHOP, paymentQueueToken: QUEUE_TOKEN }));
        expect(cart.status).toBe("shopping");
      }));

  it("fails with ShopApiError 403 queue.token.invalid for a payment queue token used for a cart already (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.queueToken, { used: true })
      .uponReceiving("a request to create a cart with a payment queue token that opened a cart already")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(QUEUE_HEADERS).jsonBody({ paymentQueueToken: fromProviderState("${paymentQueueToken}", QUEUE_TOKEN) }))
      .willRespondWith(403, (b) => b.jsonBody(failure("queue.token.invalid", "This payment queue token has been used for a cart already: join the queue again.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).createCart({ ...QUEUE_SHOP, paymentQueueToken: QUEUE_TOKEN })));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "queue.token.invalid" });
      }));

  it("fails with ShopApiError 403 queue.token.invalid for a payment queue token the server did not sign (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to create a cart with a forged payment queue token")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(QUEUE_HEADERS).jsonBody({ paymentQueueToken: "q_forged_by_a_visitor" }))
      .willRespondWith(403, (b) => b.jsonBody(failure("queue.token.invalid", "This payment queue token is not valid: join the queue again.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).createCart({ ...QUEUE_SHOP, paymentQueueToken: "q_forged_by_a_visitor" })));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "queue.token.invalid" });
      }));

  it("fails with ShopApiError 403 queue.token.required without a paymentQueueToken in a queue shop", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to create a cart without a payment queue token in a queue shop")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(QUEUE_HEADERS).jsonBody({}))
      .willRespondWith(403, (b) => b.jsonBody(failure("queue.token.required", "Join the queue first: this shop needs a payment queue token to open a cart.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).createCart(QUEUE_SHOP)));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "queue.token.required" });
      }));
});

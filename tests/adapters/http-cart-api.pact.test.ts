import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import type { CartDetails } from "../../domain/cart.schema.ts";
import { QUEUE_SHOP } from "../support/contract-examples-orders.ts";
import { CART_ID, CART_WITH_TICKETS, CONSUMER, DETAILS, PROVIDER, SHOP, SHOP_HEADERS, UNKNOWN_CART_ID } from "../support/contract-examples.ts";

const { like, eachLike, integer, number, string, regex, fromProviderState } = MatchersV3;
/** A cart path whose id the provider state creates and returns as `cartId` (so any running Shop API can verify it). */
const cartPath = (suffix = "") => fromProviderState(`/api/v2/carts/\${cartId}${suffix}`, `/api/v2/carts/${CART_ID}${suffix}`);
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: path.resolve("contracts"), logLevel: "warn" });

const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const cartBody = (cart: typeof CART_WITH_TICKETS, order: unknown = null) => ({
  data: {
    id: regex(UUID, cart.id),
    status: cart.status,
    timeout: integer(cart.timeout),
    products: like(cart.products),
    totalAmount: number(cart.totalAmount),
    totalAmountExcludingServiceCosts: number(cart.totalAmountExcludingServiceCosts),
    checkoutAllowed: cart.checkoutAllowed,
    checkoutErrors: [],
    order,
  },
});
const failure = (code: string, message: string) => ({ error: { code, message: string(message) } });
const JSON_HEADERS = { ...SHOP_HEADERS, "content-type": "application/json" };
const RETURN_URI = "http://localhost:3000/lowlands-lights/paymentstatus";

describe("HttpCartApi against the Shop API v2 contract", () => {
  it("creates a cart in status shopping with its timeout in seconds (POST /carts)", () =>
    pact
      .addInteraction()
      .given("the demo catalogue is published")
      .uponReceiving("a request to create a cart")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(JSON_HEADERS).jsonBody({}))
      .willRespondWith(201, (b) =>
        b.jsonBody(cartBody({ ...CART_WITH_TICKETS, products: {}, totalAmount: 0, totalAmountExcludingServiceCosts: 0, checkoutAllowed: false })),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).createCart(SHOP));
        expect(cart).toMatchObject({ status: "shopping", timeout: 900, totalAmount: 0, checkoutAllowed: false });
      }));

  it("reads a cart with its products and totals in cents (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given("a cart with 2 weekend tickets")
      .uponReceiving("a request for a cart with 2 weekend tickets")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody(cartBody(CART_WITH_TICKETS)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).getCart(SHOP, CART_ID));
        expect(cart).toMatchObject({ id: CART_ID, products: { ll_ticket_weekend: 2 }, totalAmount: 45900, checkoutAllowed: true });
      }));

  it("fails with ShopApiError 404 cart.not.found for a cart the server does not know", () =>
    pact
      .addInteraction()
      .given("the demo catalogue is published")
      .uponReceiving("a request for an unknown cart")
      .withRequest("GET", `/api/v2/carts/${UNKNOWN_CART_ID}`, (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(404, (b) => b.jsonBody(failure("cart.not.found", "This cart does not exist.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).getCart(SHOP, UNKNOWN_CART_ID)));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 404, code: "cart.not.found" });
      }));

  it("sets a product quantity and answers the priced cart (PUT /carts/{cartId}/products)", () =>
    pact
      .addInteraction()
      .given("an empty cart")
      .uponReceiving("a request to put 2 weekend tickets in the cart")
      .withRequest("PUT", cartPath("/products"), (b) =>
        b.headers(JSON_HEADERS).jsonBody({ productId: "ll_ticket_weekend", quantity: 2 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(cartBody(CART_WITH_TICKETS)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(
          new HttpCartApi(server.url).putProduct(SHOP, CART_ID, { productId: "ll_ticket_weekend", quantity: 2 }),
        );
        expect(cart.products).toEqual({ ll_ticket_weekend: 2 });
        expect(cart.totalAmount).toBe(45900);
      }));

  it.each([
    { code: "5000", status: 409, productId: "ll_ticket_sunday", quantity: 1, what: "a sold-out ticket", message: "This product is sold out." },
    { code: "5004", status: 422, productId: "ll_ticket_weekend", quantity: 11, what: "11 weekend tickets", message: "You can order at most 10 tickets." },
    { code: "5001", status: 404, productId: "ll_no_such_product", quantity: 1, what: "an unknown product", message: "This product could not be found." },
  ])("fails with ShopApiError $code ($status) when putting $what in the cart", ({ code, status, productId, quantity, what, message }) =>
    pact
      .addInteraction()
      .given("an empty cart")
      .uponReceiving(`a request to put ${what} in the cart`)
      .withRequest("PUT", cartPath("/products"), (b) => b.headers(JSON_HEADERS).jsonBody({ productId, quantity }))
      .willRespondWith(status, (b) => b.jsonBody(failure(code, message)))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).putProduct(SHOP, CART_ID, { productId, quantity })));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status, code, message });
      }),
  );

  it("sends the checkout details and receives the order's payment methods (PUT /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given("a cart with 2 weekend tickets")
      .uponReceiving("a request to store the checkout details")
      .withRequest("PUT", cartPath(), (b) => b.headers(JSON_HEADERS).jsonBody(DETAILS))
      .willRespondWith(200, (b) =>
        b.jsonBody(cartBody(CART_WITH_TICKETS, { paymentUri: null, availablePaymentMethods: eachLike({ name: "iDEAL", uid: "ideal" }) })),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).putDetails(SHOP, CART_ID, DETAILS as CartDetails));
        expect(cart.order?.paymentUri).toBeNull();
        expect(cart.order?.availablePaymentMethods[0]).toEqual({ name: "iDEAL", uid: "ideal" });
      }));

  it("starts the payment and answers the provider's page (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given("a cart with 2 weekend tickets and checkout details")
      .uponReceiving("a request to pay a cart with iDEAL")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b.headers(JSON_HEADERS).jsonBody({ paymentMethod: "ideal", redirectUri: RETURN_URI }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ data: { redirectUri: regex("^https?://.+", "http://localhost:3000/test-payments/7d0c1c5e-0b7e-4a8f-9f43-2b6f3c1d9e55") } }))
      .executeTest(async (server) => {
        const order = await Effect.runPromise(
          new HttpCartApi(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI }),
        );
        expect(order.redirectUri).toMatch(/^https?:\/\/.+/);
      }));

  it("fails with ShopApiError 409 cart.not.shopping when the details of a cart in payment change (PUT /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given("a cart in payment")
      .uponReceiving("a request to store checkout details on a cart in payment")
      .withRequest("PUT", cartPath(), (b) => b.headers(JSON_HEADERS).jsonBody(DETAILS))
      .willRespondWith(409, (b) => b.jsonBody(failure("cart.not.shopping", "This cart can no longer be changed.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpCartApi(server.url).putDetails(SHOP, CART_ID, DETAILS as CartDetails)));
        expect(error).toEqual(new ShopApiError({ status: 409, code: "cart.not.shopping", message: "This cart can no longer be changed." }));
      }));

  it("fails with ShopApiError 422 and the server's message for a payment method the shop does not offer (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given("a cart with 2 weekend tickets and checkout details")
      .uponReceiving("a request to pay a cart with a payment method that is not offered")
      .withRequest("POST", cartPath("/orders"), (b) => b.headers(JSON_HEADERS).jsonBody({ paymentMethod: "paypal", redirectUri: RETURN_URI }))
      .willRespondWith(422, (b) => b.jsonBody(failure("request.invalid", "Invalid order: paymentMethod: 'paypal' is not offered")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(
          Effect.flip(new HttpCartApi(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "paypal", redirectUri: RETURN_URI })),
        );
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 422, code: "request.invalid" });
        expect(error.message).toContain("paypal");
      }));

  const blockedCart = (code: string, message: string) => ({
    data: { id: regex(UUID, CART_ID), status: "shopping", checkoutAllowed: false, checkoutErrors: eachLike({ code, message: string(message) }), ...cartTotals },
  });
  const cartTotals = {
    timeout: integer(900),
    products: like({ ll_ticket_weekend: 1 }),
    totalAmount: number(229.5),
    totalAmountExcludingServiceCosts: number(219.5),
    order: null,
  };

  it("reads the travel checkout error that blocks checkout when room persons and entrance tickets differ (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given("a cart with 1 weekend ticket and a double room for 2 persons")
      .uponReceiving("a request for a cart whose room persons differ from its entrance tickets")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          blockedCart(
            "validation.travel.occupants.does.not.equal.number.entrance.tickets",
            "The number of persons in your room must equal the number of entrance tickets.",
          ),
        ),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).getCart(SHOP, CART_ID));
        expect(cart.checkoutAllowed).toBe(false);
        expect(cart.checkoutErrors[0]?.code).toBe("validation.travel.occupants.does.not.equal.number.entrance.tickets");
      }));

  it("reads validation.max.orders.per.account with its message when the e-mail already ordered (GET /carts/{cartId})", () => {
    const headers = { "x-event-namespace": QUEUE_SHOP.apiNamespace, authorization: `Bearer ${QUEUE_SHOP.shopToken}` };
    return pact
      .addInteraction()
      .given("a cart whose e-mail already placed the one order per account")
      .uponReceiving("a request for a cart whose e-mail reached the maximum orders per account")
      .withRequest("GET", cartPath(), (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...blockedCart("validation.max.orders.per.account", "You have reached the maximum of 1 order per account for this event.").data,
            products: like({ nn_ticket_friday: 1 }),
            order: like({ paymentUri: null, availablePaymentMethods: eachLike({ name: "iDEAL", uid: "ideal" }) }),
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpCartApi(server.url).getCart(QUEUE_SHOP, CART_ID));
        expect(cart.checkoutAllowed).toBe(false);
        expect(cart.checkoutErrors).toEqual([
          { code: "validation.max.orders.per.account", message: "You have reached the maximum of 1 order per account for this event." },
        ]);
      });
  });
});

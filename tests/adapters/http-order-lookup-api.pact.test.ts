import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpOrderLookupApi } from "../../adapters/http/http-order-lookup-api.ts";
import { isTravelPurchase } from "../../domain/order-lookup.ts";
import { CONSUMER, PROVIDER, SHOP, SHOP_HEADERS, STATES, PACT_DIR } from "../support/contract-examples.ts";
import {
  ADD_ON_SHOP,
  ORDER_CART_TOKEN,
  ORDER_EMAIL,
  ORDER_EXTERNAL_REFERENCE,
  ORDER_REFERENCE,
  PREVIOUS_ORDERS,
} from "../support/contract-examples-orders.ts";

const { eachLike, integer, string, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** The previous order the lookups find; the state answers its cart token as `cartToken`. */
const STATE_PARAMS = { reference: ORDER_REFERENCE };
const JSON_HEADERS = { ...SHOP_HEADERS, "x-cart-token": fromProviderState("${cartToken}", ORDER_CART_TOKEN) };
const order = PREVIOUS_ORDERS.original_orders[0]!;
/** The get-orders answer of the state's order: its references, consumer and purchases exact (prices in euros), the add-on offer. */
const ordersBody = {
  data: {
    original_orders: [
      {
        reference: order.reference,
        external_reference: order.external_reference,
        consumer: { email: order.consumer.email, firstName: string(order.consumer.firstName!), lastName: string(order.consumer.lastName!) },
        purchases: order.purchases.map((p) => ({ id: p.id, type: p.type, title: p.title, price: p.price, quantity: p.quantity })),
      },
    ],
    upsell: {
      hospitality: {
        add_on_available: true,
        add_on: eachLike({ reference: ORDER_REFERENCE, orderIndexNumber: integer(0), cart: { package: { name: string("Hotel De Duinen") } } }),
      },
    },
  },
};

describe("HttpOrderLookupApi against the Shop API v2 contract", () => {
  it.each([
    { key: "reference", body: { reference: ORDER_REFERENCE } },
    { key: "consumer_external_reference", body: { consumer_external_reference: ORDER_EXTERNAL_REFERENCE } },
    { key: "consumer_email", body: { consumer_email: ORDER_EMAIL } },
  ])("finds the previous order by $key with the cart token (POST /get-orders)", ({ key, body }) =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, STATE_PARAMS)
      .uponReceiving(`a request for the previous orders by ${key}`)
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(JSON_HEADERS).jsonBody(body))
      .willRespondWith(200, (b) => b.jsonBody(ordersBody))
      .executeTest(async (server) => {
        const found = await Effect.runPromise(new HttpOrderLookupApi(server.url).getOrders(ADD_ON_SHOP, body));
        expect(found.original_orders[0]?.reference).toBe(ORDER_REFERENCE);
        expect(found.original_orders[0]?.purchases[1]).toMatchObject({ price: 37800, quantity: 1 });
        expect(isTravelPurchase(found.original_orders[0]!.purchases[1]!)).toBe(true);
        expect(found.upsell.hospitality.add_on[0]).toEqual({ reference: ORDER_REFERENCE, orderIndexNumber: 0, cart: { package: { name: "Hotel De Duinen" } } });
      }),
  );

  // The add-on shop's lookup (spec §5): the order number with the order's e-mail proves ownership without a cart token,
  // and the answer carries the order's cart_token for the add-on carts that extend it (spec §6).
  it.each([
    { key: "reference", body: { reference: ORDER_REFERENCE, consumer_email: ORDER_EMAIL } },
    { key: "consumer_external_reference", body: { consumer_external_reference: ORDER_EXTERNAL_REFERENCE, consumer_email: ORDER_EMAIL } },
  ])("finds the previous order by $key with its e-mail, without a cart token, and reads its cart_token (POST /get-orders)", ({ key, body }) =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, STATE_PARAMS)
      .uponReceiving(`a request for the previous orders by ${key} with the order's e-mail`)
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(SHOP_HEADERS).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...ordersBody, data: { ...ordersBody.data, original_orders: [{ ...ordersBody.data.original_orders[0], cart_token: string(ORDER_CART_TOKEN) }] } }),
      )
      .executeTest(async (server) => {
        const found = await Effect.runPromise(new HttpOrderLookupApi(server.url).getOrders(SHOP, body));
        expect(found.original_orders[0]?.reference).toBe(ORDER_REFERENCE);
        expect(found.original_orders[0]?.cart_token).toBe(ORDER_CART_TOKEN);
        expect(found.original_orders[0]?.purchases).toHaveLength(2);
      }),
  );

  it("fails with OrderNotFoundError for the order's number with another e-mail (404 order.not.found)", () =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, STATE_PARAMS)
      .uponReceiving("a request for the previous orders by reference with another e-mail")
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(SHOP_HEADERS).jsonBody({ reference: ORDER_REFERENCE, consumer_email: "someone.else@example.com" }))
      .willRespondWith(404, (b) => b.jsonBody({ error: { code: "order.not.found", message: string("No order was found.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpOrderLookupApi(server.url).getOrders(SHOP, { reference: ORDER_REFERENCE, consumer_email: "someone.else@example.com" })));
        expect(error._tag).toBe("OrderNotFoundError");
      }));

  it("fails with OrderNotFoundError for a reference no order has (404 order.not.found)", () =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, STATE_PARAMS)
      .uponReceiving("a request for the previous orders by an unknown reference")
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(JSON_HEADERS).jsonBody({ reference: "987654321" }))
      .willRespondWith(404, (b) => b.jsonBody({ error: { code: "order.not.found", message: string("No order was found.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpOrderLookupApi(server.url).getOrders(ADD_ON_SHOP, { reference: "987654321" })));
        expect(error._tag).toBe("OrderNotFoundError");
      }));

  // The order and its e-mail come back only with the order's cart token (spec §6); without it, or with another, 404.
  it.each([
    { how: "without a cart token", context: SHOP, headers: SHOP_HEADERS },
    { how: "with a wrong cart token", context: { ...SHOP, cartToken: "ct_wrong_token" }, headers: { ...SHOP_HEADERS, "x-cart-token": "ct_wrong_token" } },
  ])("fails with OrderNotFoundError when the reference is asked for $how (404 order.not.found)", ({ how, context, headers }) =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, STATE_PARAMS)
      .uponReceiving(`a request for the previous orders by reference ${how}`)
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(headers).jsonBody({ reference: ORDER_REFERENCE }))
      .willRespondWith(404, (b) => b.jsonBody({ error: { code: "order.not.found", message: string("No order was found.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpOrderLookupApi(server.url).getOrders(context, { reference: ORDER_REFERENCE })));
        expect(error._tag).toBe("OrderNotFoundError");
      }),
  );

  it("fails with OrderLookupFailedError when no key is known (reference false, 400 request.invalid)", () =>
    pact
      .addInteraction()
      .given(STATES.previousOrder, STATE_PARAMS)
      .uponReceiving("a request for the previous orders without a key")
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(JSON_HEADERS).jsonBody({ reference: false }))
      .willRespondWith(400, (b) => b.jsonBody({ error: { code: "request.invalid", message: string("Invalid body: reference: Expected string") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpOrderLookupApi(server.url).getOrders(ADD_ON_SHOP, { reference: false })));
        expect(error._tag).toBe("OrderLookupFailedError");
      }));

  it("fails with OrderLookupFailedError when the request itself fails", async () => {
    const error = await Effect.runPromise(Effect.flip(new HttpOrderLookupApi("http://127.0.0.1:9").getOrders(SHOP, { reference: ORDER_REFERENCE })));
    expect(error._tag).toBe("OrderLookupFailedError");
  });
});

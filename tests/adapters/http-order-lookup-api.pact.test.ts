import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HttpOrderLookupApi } from "../../adapters/http/http-order-lookup-api.ts";
import { isTravelPurchase } from "../../domain/order-lookup.schema.ts";
import { CONSUMER, PROVIDER, SHOP } from "../support/contract-examples.ts";
import {
  ADD_ON_HEADERS,
  ADD_ON_SHOP,
  ORDER_EMAIL,
  ORDER_EXTERNAL_REFERENCE,
  ORDER_REFERENCE,
  PREVIOUS_ORDERS,
} from "../support/contract-examples-orders.ts";

const { like, eachLike, integer, number, string, boolean } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: path.resolve("contracts"), logLevel: "warn" });

const STATE = "previous order 123456789 with cart token ct_demo_4b8e2f6a1c9d";
const JSON_HEADERS = { ...ADD_ON_HEADERS, "content-type": "application/json" };
const order = PREVIOUS_ORDERS.original_orders[0]!;
const purchase = order.purchases[1]!;
/** The get-orders answer with matchers: the fields the add-on shop reads (references, purchases, hospitality add-ons). */
const ordersBody = {
  data: {
    original_orders: eachLike({
      reference: string(order.reference),
      external_reference: string(order.external_reference),
      consumer: like({ email: order.consumer.email }),
      purchases: eachLike({
        id: string(purchase.id),
        type: string(purchase.type),
        title: string(purchase.title),
        price: number(purchase.price),
        quantity: integer(purchase.quantity),
      }),
    }),
    upsell: {
      hospitality: {
        add_on_available: boolean(true),
        add_on: eachLike({ reference: string(ORDER_REFERENCE), orderIndexNumber: integer(0), cart: { package: { name: string("Hotel De Duinen") } } }),
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
      .given(STATE)
      .uponReceiving(`a request for the previous orders by ${key}`)
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(JSON_HEADERS).jsonBody(body))
      .willRespondWith(200, (b) => b.jsonBody(ordersBody))
      .executeTest(async (server) => {
        const found = await Effect.runPromise(new HttpOrderLookupApi(server.url).getOrders(ADD_ON_SHOP, body));
        expect(found.original_orders[0]?.reference).toBe(ORDER_REFERENCE);
        expect(found.original_orders[0]?.purchases[0]).toMatchObject({ price: 37800, quantity: 1 });
        expect(isTravelPurchase(found.original_orders[0]!.purchases[0]!)).toBe(true);
        expect(found.upsell.hospitality.add_on[0]).toEqual({ reference: ORDER_REFERENCE, orderIndexNumber: 0, cart: { package: { name: "Hotel De Duinen" } } });
      }),
  );

  it("fails with OrderNotFoundError for a reference no order has (404 order.not.found)", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for the previous orders by an unknown reference")
      .withRequest("POST", "/api/v2/get-orders", (b) => b.headers(JSON_HEADERS).jsonBody({ reference: "987654321" }))
      .willRespondWith(404, (b) => b.jsonBody({ error: { code: "order.not.found", message: string("No order was found.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpOrderLookupApi(server.url).getOrders(ADD_ON_SHOP, { reference: "987654321" })));
        expect(error._tag).toBe("OrderNotFoundError");
      }));

  it("fails with OrderLookupFailedError when no key is known (reference false, 400 request.invalid)", () =>
    pact
      .addInteraction()
      .given(STATE)
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

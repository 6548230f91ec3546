import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpAddOnWaitingListApi } from "../../adapters/http/http-add-on-waiting-list-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { addOnId } from "../../domain/add-on-id.ts";
import { AddOnWaitingStatus } from "../../domain/add-on-waiting-list.schema.ts";
import { CONSUMER, PROVIDER, SHOP, SHOP_HEADERS, STATES, PACT_DIR } from "../support/contract-examples.ts";
import { failure, oneOf } from "../support/contract-examples-matchers.ts";
import { ADD_ON_SHOP, ORDER_CART_TOKEN, ORDER_REFERENCE } from "../support/contract-examples-orders.ts";

const { integer, timestamp, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** The sold-out add-on of the demo order (the beach towel), as the state answers it (`addonId`). */
const TOWEL = addOnId(ORDER_REFERENCE, "ll_merch_towel");
const PATH = `/api/v2/orders/${ORDER_REFERENCE}/add-on-waiting-list`;
const HEADERS = { ...SHOP_HEADERS, "x-cart-token": fromProviderState("${cartToken}", ORDER_CART_TOKEN) };
const status = (example: "waiting" | "offered") => oneOf(AddOnWaitingStatus.literals, example);
const waitingFirst = { data: [{ addonId: fromProviderState("${addonId}", TOWEL), status: status("waiting"), position: integer(1), offerExpiresAt: null }] };

describe("HttpAddOnWaitingListApi (the add-on waiting list of an earlier order, docs/shop-api.md)", () => {
  it("reads the order's place in line for a sold-out add-on (GET /orders/{reference}/add-on-waiting-list)", () =>
    pact
      .addInteraction()
      .given(STATES.addOnWaitingList, { reference: ORDER_REFERENCE })
      .uponReceiving("a request for an order's add-on waiting list")
      .withRequest("GET", PATH, (b) => b.headers(HEADERS))
      .willRespondWith(200, (b) => b.jsonBody(waitingFirst))
      .executeTest(async (server) => {
        const list = await Effect.runPromise(new HttpAddOnWaitingListApi(server.url).list(ADD_ON_SHOP, ORDER_REFERENCE));
        expect(list).toEqual([{ addonId: TOWEL, status: "waiting", position: 1, offerExpiresAt: null }]);
      }));

  it("reads the offer and its deadline once a unit came back for the order", () =>
    pact
      .addInteraction()
      .given(STATES.addOnWaitingList, { reference: ORDER_REFERENCE, offered: true })
      .uponReceiving("a request for an order's add-on waiting list holding an offer")
      .withRequest("GET", PATH, (b) => b.headers(HEADERS))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: [
            {
              addonId: fromProviderState("${addonId}", TOWEL),
              status: status("offered"),
              position: null,
              offerExpiresAt: timestamp("yyyy-MM-dd'T'HH:mm:ss.SSSX", "2027-06-01T12:30:00.000Z"),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const [entry] = await Effect.runPromise(new HttpAddOnWaitingListApi(server.url).list(ADD_ON_SHOP, ORDER_REFERENCE));
        expect(entry).toMatchObject({ status: "offered", position: null });
        expect(Number.isNaN(Date.parse(entry!.offerExpiresAt!))).toBe(false);
      }));

  it("joins the waiting list of a sold-out add-on (POST /orders/{reference}/add-on-waiting-list {addonId})", () =>
    pact
      .addInteraction()
      .given(STATES.addOnWaitingList, { reference: ORDER_REFERENCE, joined: false })
      .uponReceiving("a request to join an add-on's waiting list")
      .withRequest("POST", PATH, (b) => b.headers(HEADERS).jsonBody({ addonId: fromProviderState("${addonId}", TOWEL) }))
      .willRespondWith(200, (b) => b.jsonBody(waitingFirst))
      .executeTest(async (server) => {
        const list = await Effect.runPromise(new HttpAddOnWaitingListApi(server.url).join(ADD_ON_SHOP, ORDER_REFERENCE, TOWEL));
        expect(list).toEqual([{ addonId: TOWEL, status: "waiting", position: 1, offerExpiresAt: null }]);
      }));

  it("leaves the waiting list (DELETE /orders/{reference}/add-on-waiting-list/{addonId})", () =>
    pact
      .addInteraction()
      .given(STATES.addOnWaitingList, { reference: ORDER_REFERENCE })
      .uponReceiving("a request to leave an add-on's waiting list")
      .withRequest("DELETE", fromProviderState(`${PATH}/\${addonId}`, `${PATH}/${TOWEL}`), (b) => b.headers(HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: [] }))
      .executeTest(async (server) => {
        const list = await Effect.runPromise(new HttpAddOnWaitingListApi(server.url).leave(ADD_ON_SHOP, ORDER_REFERENCE, TOWEL));
        expect(list).toEqual([]);
      }));

  it("fails with ShopApiError 404 order.not.found for a cart token that is not the order's", () =>
    pact
      .addInteraction()
      .given(STATES.addOnWaitingList, { reference: ORDER_REFERENCE })
      .uponReceiving("a request for an order's add-on waiting list with another cart token")
      .withRequest("GET", PATH, (b) => b.headers({ ...SHOP_HEADERS, "x-cart-token": "ct_unknown" }))
      .willRespondWith(404, (b) => b.jsonBody(failure("order.not.found", "No order was found.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpAddOnWaitingListApi(server.url).list({ ...SHOP, cartToken: "ct_unknown" }, ORDER_REFERENCE)));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 404, code: "order.not.found" });
      }));
});

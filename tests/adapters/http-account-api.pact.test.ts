import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpAccountApi } from "../../adapters/http/http-account-api.ts";
import { CART_ID, CONSUMER, DETAILS, PACT_DIR, PROVIDER, STATES, UUID } from "../support/contract-examples.ts";
import { EXAMPLE_USER_TOKEN } from "../support/contract-examples-orders.ts";

const { eachLike, number, integer, regex, string, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/**
 * A paid Lowlands Lights order of an account no other contract uses, so the account's orders are this state's paid
 * carts only (the provider may keep the carts of earlier interactions).
 */
const PAID_ORDER = { account: "acc-contract-my-festival", products: { ll_ticket_weekend: 2 }, details: DETAILS };
const ORDER_NUMBER = "^\\d{9}$";
/** A paid order's add-on link: the travel add-on lookup with the order's cart token and number (spec §2, §6). */
const ADD_ON_LINK = "^/lowlands-lights/traveladdon\\?cartToken=[^&]+&orderNumber=\\d{9}$";
const ISO_INSTANT = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$";

/** "My festival" (spec §6 Logged-in user): the account's orders, each with its number and working add-on link, by its x-user-token alone, and the refusal of a token that is no id token. */
describe("HttpAccountApi against the Shop API v2 contract", () => {
  it("reads the account's orders with their purchases, payment state and links (GET /account/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.paid, PAID_ORDER)
      .uponReceiving("a request for the orders of a logged-in account")
      .withRequest("GET", "/api/v2/account/orders", (b) => b.headers({ "x-user-token": fromProviderState("${userToken}", EXAMPLE_USER_TOKEN) }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            id: regex(UUID, CART_ID),
            reference: regex(ORDER_NUMBER, "123456780"),
            slug: "lowlands-lights",
            shopTitle: string("Lowlands Lights"),
            placedAt: regex(ISO_INSTANT, "2027-06-01T12:00:00.000Z"),
            paymentState: regex("^(paid|pending)$", "paid"),
            totalAmount: number(459),
            purchases: eachLike({ id: "ll_ticket_weekend", type: "ticket", title: string("Weekend ticket"), price: number(229.5), quantity: integer(2) }),
            addOnLink: regex(ADD_ON_LINK, "/lowlands-lights/traveladdon?cartToken=ct_example&orderNumber=123456780"),
            upgradeLink: null,
          }),
        }),
      )
      .executeTest(async (server) => {
        const [order] = await Effect.runPromise(new HttpAccountApi(server.url).getOrders(EXAMPLE_USER_TOKEN));
        expect(order).toMatchObject({
          reference: "123456780",
          slug: "lowlands-lights",
          paymentState: "paid",
          totalAmount: 45900,
          addOnLink: "/lowlands-lights/traveladdon?cartToken=ct_example&orderNumber=123456780",
          upgradeLink: null,
        });
        expect(order?.purchases[0]).toEqual({ id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 22950, quantity: 2 });
      }));

  it("fails with ShopApiError 401 user.token.invalid for an x-user-token that is no valid id token", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for an account's orders with an x-user-token that is no valid id token")
      .withRequest("GET", "/api/v2/account/orders", (b) => b.headers({ "x-user-token": "not-an-id-token" }))
      .willRespondWith(401, (b) => b.jsonBody({ error: { code: "user.token.invalid", message: string("Your login has expired or is not valid; log in again.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpAccountApi(server.url).getOrders("not-an-id-token")));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 401, code: "user.token.invalid" });
      }));
});

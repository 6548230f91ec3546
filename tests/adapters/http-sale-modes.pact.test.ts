import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import type { CartDetails } from "../../domain/cart.schema.ts";
import { CART_ID, CONSUMER, DETAILS, PACT_DIR, PROVIDER, STATES, UUID } from "../support/contract-examples.ts";
import { cartPath, failure } from "../support/contract-examples-matchers.ts";

const { like, eachLike, integer, regex, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });
const api = (url: string) => new HttpCartApi(url);
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect));

/** The demo timeslot presale (server/catalogue/demo-timeslot-shop.ts): gold members now, everyone else from June 2030. */
const PRESALE = { slug: "lowlands-timeslots", apiNamespace: "lowlands-timeslots-2027", shopToken: "sk_demo_8e2c6a0f4b9d41c7a3e5d1f6" } as const;
/** The closed demo sale (server/catalogue/demo-closed-shop.ts): its one timeslot ended on 1 November 2026. */
const CLOSED = { slug: "northern-nights-2026", apiNamespace: "northern-nights-2026", shopToken: "sk_demo_4d9b2e7a1c5f43e8b0a6c2d7" } as const;
/** The demo shop paying with adyen (server/catalogue/demo-upsell-shop.ts). */
const HARBOUR = { slug: "harbour-sounds", apiNamespace: "harbour-sounds-2027", shopToken: "sk_demo_3a7f1c9e5d2b46a8c0e4b6d2" } as const;
const headersOf = (shop: { readonly apiNamespace: string; readonly shopToken: string }) => ({ "x-event-namespace": shop.apiNamespace, authorization: `Bearer ${shop.shopToken}` });

const RETURN_URI = "http://localhost:3000/harbour-sounds/paymentstatus";
/** Details of a visitor from New York as the web app sends them to a shop paying with adyen: the state, and the redirectUri (spec §5, §7). */
const US_DETAILS = {
  ...DETAILS,
  phoneNumber: "+12125550100",
  address: "Broadway",
  streetNumber: 1600,
  postalCode: "10019",
  city: "New York",
  country: "US",
  state: "NY",
};

/**
 * Sale modes of the Shop API (spec §5 Checkout fields, §6 Roles and permissions, §8 3003, 4000): the shop access
 * refusals the web app shows with the catalogue's 3003 and 4000 texts, and the checkout details with a state that a shop paying
 * with adyen takes from a visitor in the United States.
 */
describe("HttpCartApi against the Shop API's sale modes", () => {
  it("fails with ShopApiError 403 3003 when a cart is made outside the visitor's shop access timeslot (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to make a cart in the timeslot presale before the anonymous visitor's timeslot")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(headersOf(PRESALE)).jsonBody({}))
      .willRespondWith(403, (b) => b.jsonBody(failure("3003", "This shop is not open for you yet; check your timeslot. Your timeslot opens at 2030-06-01T10:00:00.000Z.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createCart(PRESALE));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "3003" });
      }));

  it("fails with ShopApiError 403 4000 (shop closed) when a cart is made in a shop whose timeslots have all ended (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to make a cart in a sale whose timeslots have all ended")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(headersOf(CLOSED)).jsonBody({}))
      .willRespondWith(403, (b) => b.jsonBody(failure("4000", "This shop is closed.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createCart(CLOSED));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "4000" });
      }));

  it("sends details with a state to a shop paying with adyen and receives the order's payment methods (PUT /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { namespace: HARBOUR.apiNamespace, products: { hs_ticket_weekend: 1 } })
      .uponReceiving("a request to store the details of a visitor from New York in a shop paying with adyen")
      .withRequest("PUT", cartPath(), (b) => b.headers(headersOf(HARBOUR)).jsonBody({ ...US_DETAILS, redirectUri: fromProviderState("${returnUri}", RETURN_URI) }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            id: regex(UUID, CART_ID),
            status: "shopping",
            timeout: integer(900),
            products: { hs_ticket_weekend: 1 },
            totalAmount: like(151.5),
            totalAmountExcludingServiceCosts: like(149),
            checkoutAllowed: true,
            checkoutErrors: [],
            order: { paymentUri: null, availablePaymentMethods: eachLike({ name: "iDEAL", uid: "ideal" }) },
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).putDetails(HARBOUR, CART_ID, { ...US_DETAILS, redirectUri: RETURN_URI } as CartDetails));
        expect(cart.products).toEqual({ hs_ticket_weekend: 1 });
        expect(cart.order?.availablePaymentMethods.map((m) => m.uid)).toContain("ideal");
      }));
});

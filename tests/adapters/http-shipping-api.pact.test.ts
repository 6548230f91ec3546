import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { HttpShippingApi } from "../../adapters/http/http-shipping-api.ts";
import { CART_ID, CONSUMER, PACT_DIR, PROVIDER, SHOP, SHOP_HEADERS, STATES, UUID } from "../support/contract-examples.ts";
import { cartPath } from "../support/contract-examples-matchers.ts";

const { like, integer, string, regex } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** The provider state: a shopping cart with 1 weekend ticket and a T-shirt in size M (parameters of the "a cart" state). */
const TICKET_AND_TSHIRT = { products: { ll_ticket_weekend: 1, ll_tshirt_m: 1 } };
/** Only the cart fields the basket reads after a shipping change, with matchers. */
const cartBody = (products: Record<string, number>, shippingCountry: string | null, total: number, totalExcludingServiceCosts: number) => ({
  id: regex(UUID, CART_ID),
  status: "shopping",
  timeout: integer(900),
  products: like(products),
  totalAmount: total,
  totalAmountExcludingServiceCosts: totalExcludingServiceCosts,
  checkoutAllowed: true,
  checkoutErrors: [],
  order: null,
  shippingCountry,
});

describe("HttpShippingApi against the Shop API v2 contract (spec §4 Shipping country change)", () => {
  it("stores a shippable country and answers the cart with nothing removed", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TICKET_AND_TSHIRT)
      .uponReceiving("a request to ship the cart's merchandise to the Netherlands")
      .withRequest("PUT", cartPath("/shipping"), (b) => b.headers(SHOP_HEADERS).jsonBody({ country: "NL" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: { cart: cartBody({ ll_ticket_weekend: 1, ll_tshirt_m: 1 }, "NL", 265.44, 255.44), removedProductIds: [] } }))
      .executeTest(async (server) => {
        const answer = await Effect.runPromise(new HttpShippingApi(server.url).putShippingCountry(SHOP, CART_ID, "NL"));
        expect(answer.removedProductIds).toEqual([]);
        expect(answer.cart.shippingCountry).toBe("NL");
        expect(answer.cart.totalAmount).toBe(26544);
      }));

  it("answers the removed merchandise for a country with shipping price 0", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TICKET_AND_TSHIRT)
      .uponReceiving("a request to ship the cart's merchandise to Brazil (not shippable)")
      .withRequest("PUT", cartPath("/shipping"), (b) => b.headers(SHOP_HEADERS).jsonBody({ country: "BR" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: { cart: cartBody({ ll_ticket_weekend: 1 }, null, 229.5, 219.5), removedProductIds: ["ll_tshirt_m"] } }))
      .executeTest(async (server) => {
        const answer = await Effect.runPromise(new HttpShippingApi(server.url).putShippingCountry(SHOP, CART_ID, "BR"));
        expect(answer.removedProductIds).toEqual(["ll_tshirt_m"]);
        expect(answer.cart.products).toEqual({ ll_ticket_weekend: 1 });
        expect(answer.cart.shippingCountry).toBeNull();
      }));

  it("fails with ShopApiError shipping.country.unknown (422) for a country outside the shop's list", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TICKET_AND_TSHIRT)
      .uponReceiving("a request to ship to a country the shop does not list")
      .withRequest("PUT", cartPath("/shipping"), (b) => b.headers(SHOP_HEADERS).jsonBody({ country: "QQ" }))
      .willRespondWith(422, (b) => b.jsonBody({ error: { code: "shipping.country.unknown", message: string("'QQ' is not a shipping country of this shop.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpShippingApi(server.url).putShippingCountry(SHOP, CART_ID, "QQ")));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 422, code: "shipping.country.unknown" });
      }));
});

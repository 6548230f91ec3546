import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { CONSUMER, DETAILS, PACT_DIR, PROVIDER, SHOP, SHOP_HEADERS, STATES } from "../support/contract-examples.ts";
import { EXAMPLE_USER_TOKEN, MEMBER_SHOP, WISHLIST_SHOP } from "../support/contract-examples-orders.ts";
import { CART_ID } from "../support/contract-examples.ts";
import { cartPath } from "../support/contract-examples-matchers.ts";

const { string, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });
const api = (url: string) => new HttpCartApi(url);
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect));

const headersOf = (shop: { readonly apiNamespace: string; readonly shopToken: string }) => ({ "x-event-namespace": shop.apiNamespace, authorization: `Bearer ${shop.shopToken}` });
/** x-user-token as the provider state answers it (a valid id token of the account). */
const userToken = fromProviderState("${userToken}", EXAMPLE_USER_TOKEN);
const refusal = (code: string, message: string) => ({ error: { code, message: string(message) } });

/**
 * The account gates of the Shop API (spec §6, §8; docs/shop-api.md "Accounts and sale modes"): the refusals the web
 * app shows from the server's answer (6004 login prompt, 6005, 3005, 8001) and the ones it reacts to (401
 * user.token.invalid forgets the identity token; order.not.offered).
 */
describe("HttpCartApi against the Shop API's account gates", () => {
  it("fails with ShopApiError 403 6004 (the login prompt) when a member-sale cart is made without x-user-token (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to make a cart in the member sale without x-user-token")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(headersOf(MEMBER_SHOP)).jsonBody({}))
      .willRespondWith(403, (b) => b.jsonBody(refusal("6004", "Log in to shop in this sale.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createCart(MEMBER_SHOP));
        expect(error).toEqual(new ShopApiError({ status: 403, code: "6004", message: "Log in to shop in this sale." }));
      }));

  it("fails with ShopApiError 401 user.token.invalid for an x-user-token that is no valid id token (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to make a cart with an x-user-token that is no valid id token")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers({ ...headersOf(MEMBER_SHOP), "x-user-token": "not-an-id-token" }).jsonBody({}))
      .willRespondWith(401, (b) => b.jsonBody(refusal("user.token.invalid", "Your login has expired or is not valid; log in again.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createCart({ ...MEMBER_SHOP, userToken: "not-an-id-token" }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 401, code: "user.token.invalid" });
      }));

  it("fails with ShopApiError 403 6005 when an account without membership makes a member-sale cart (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.identityToken, { account: "acc-sam" })
      .uponReceiving("a request to make a member-sale cart for an account without membership")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers({ ...headersOf(MEMBER_SHOP), "x-user-token": userToken }).jsonBody({}))
      .willRespondWith(403, (b) => b.jsonBody(refusal("6005", "This sale is for members only; your account has no active membership.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createCart({ ...MEMBER_SHOP, userToken: EXAMPLE_USER_TOKEN }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "6005" });
      }));

  it("fails with ShopApiError 409 3005 when an account that has a membership puts another in its cart (PUT /carts/{cartId}/products)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { account: "acc-anna", products: {} })
      .uponReceiving("a request to put a membership in the cart of an account that has one")
      .withRequest("PUT", cartPath("/products"), (b) => b.headers({ ...SHOP_HEADERS, "x-user-token": userToken }).jsonBody({ productId: "ll_membership_year", quantity: 1 }))
      .willRespondWith(409, (b) => b.jsonBody(refusal("3005", "Only one membership per account.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).putProduct({ ...SHOP, userToken: EXAMPLE_USER_TOKEN }, CART_ID, { productId: "ll_membership_year", quantity: 1 }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 409, code: "3005" });
      }));

  it("fails with ShopApiError 403 order.not.offered when a pre-registration wishlist is ordered (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { namespace: WISHLIST_SHOP.apiNamespace, account: "acc-anna", products: { llp_ticket_weekend: 1 }, details: DETAILS })
      .uponReceiving("a request to order a pre-registration wishlist")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b
          .headers({ ...headersOf(WISHLIST_SHOP), "x-user-token": userToken })
          .jsonBody({ paymentMethod: "ideal", redirectUri: fromProviderState("${returnUri}", "http://localhost:3000/lowlands-lights/paymentstatus") }),
      )
      .willRespondWith(403, (b) => b.jsonBody(refusal("order.not.offered", "This pre-registration keeps a wishlist; it takes no order.")))
      .executeTest(async (server) => {
        const error = await flip(
          api(server.url).createOrder({ ...WISHLIST_SHOP, userToken: EXAMPLE_USER_TOKEN }, CART_ID, { paymentMethod: "ideal", redirectUri: "http://localhost:3000/lowlands-lights/paymentstatus" }),
        );
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "order.not.offered" });
      }));
});

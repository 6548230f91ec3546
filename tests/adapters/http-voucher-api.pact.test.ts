import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpVoucherApi } from "../../adapters/http/http-voucher-api.ts";
import { VoucherRejectedError } from "../../application/ports/voucher-api.port.ts";
import { CART_ID, CART_WITH_TICKETS, CONSUMER, PROVIDER, SHOP, SHOP_HEADERS, STATES, TWO_WEEKEND_TICKETS_WITH_DETAILS, UNKNOWN_CART_ID, UUID, PACT_DIR } from "../support/contract-examples.ts";
import { cartPath, failure } from "../support/contract-examples-matchers.ts";

const { eachLike, integer, regex } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

const JSON_HEADERS = SHOP_HEADERS;
/** The cart after FESTIVAL5 (€5 off 459.00): the totals exact, as the state fixes them. */
const discountedCart = {
  data: {
    id: regex(UUID, CART_ID),
    status: "shopping",
    timeout: integer(900),
    products: CART_WITH_TICKETS.products,
    totalAmount: 454,
    totalAmountExcludingServiceCosts: 434,
    checkoutAllowed: true,
    checkoutErrors: [],
    order: { paymentUri: null, availablePaymentMethods: eachLike({ name: "iDEAL", uid: "ideal" }) },
  },
};

describe("HttpVoucherApi against the Shop API v2 contract", () => {
  it("applies a voucher and answers the discounted cart with its payment methods (PUT /carts/{cartId}/vouchers)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request to apply voucher FESTIVAL5")
      .withRequest("PUT", cartPath("/vouchers"), (b) => b.headers(JSON_HEADERS).jsonBody({ voucher: "FESTIVAL5" }))
      .willRespondWith(200, (b) => b.jsonBody(discountedCart))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(new HttpVoucherApi(server.url).applyVoucher(SHOP, CART_ID, "FESTIVAL5"));
        expect(cart.totalAmount).toBe(45400);
        expect(cart.order?.availablePaymentMethods[0]).toEqual({ name: "iDEAL", uid: "ideal" });
      }));

  it.each([
    {
      params: TWO_WEEKEND_TICKETS_WITH_DETAILS,
      what: "an unknown voucher",
      voucher: "NOPE2027",
      status: 422,
      code: "voucher.invalid",
      serverMessage: "This voucher code is invalid",
      shown: "This voucher code is invalid",
    },
    {
      params: { ...TWO_WEEKEND_TICKETS_WITH_DETAILS, voucherHeldElsewhere: "SUMMER10" },
      what: "voucher SUMMER10 that another cart holds",
      voucher: "SUMMER10",
      status: 409,
      code: "voucher.used",
      serverMessage: "This voucher code has already been used",
      shown: "This voucher code has already been used",
    },
  ])("fails with VoucherRejectedError $code ($status) for $what", ({ params, what, voucher, status, code, serverMessage, shown }) =>
    pact
      .addInteraction()
      .given(STATES.cart, params)
      .uponReceiving(`a request to apply ${what}`)
      .withRequest("PUT", cartPath("/vouchers"), (b) => b.headers(JSON_HEADERS).jsonBody({ voucher }))
      .willRespondWith(status, (b) => b.jsonBody(failure(code, serverMessage)))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpVoucherApi(server.url).applyVoucher(SHOP, CART_ID, voucher)));
        expect(error).toBeInstanceOf(VoucherRejectedError);
        expect(error).toMatchObject({ code, message: shown });
      }),
  );

  it("shows the server's message for another code (404 cart.not.found)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to apply a voucher to an unknown cart")
      .withRequest("PUT", `/api/v2/carts/${UNKNOWN_CART_ID}/vouchers`, (b) => b.headers(JSON_HEADERS).jsonBody({ voucher: "FESTIVAL5" }))
      .willRespondWith(404, (b) => b.jsonBody(failure("cart.not.found", "This cart does not exist.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpVoucherApi(server.url).applyVoucher(SHOP, UNKNOWN_CART_ID, "FESTIVAL5")));
        expect(error).toMatchObject({ _tag: "VoucherRejectedError", code: "cart.not.found", message: "This cart does not exist." });
      }));

  it("shows the invalid text when the request itself fails (no server reached)", async () => {
    const error = await Effect.runPromise(Effect.flip(new HttpVoucherApi("http://127.0.0.1:9").applyVoucher(SHOP, CART_ID, "FESTIVAL5")));
    expect(error).toMatchObject({ _tag: "VoucherRejectedError", code: "request.failed", message: "This voucher code is invalid" });
  });
});

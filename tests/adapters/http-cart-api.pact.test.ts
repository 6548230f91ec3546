import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { CartStatus, type CartDetails } from "../../domain/cart.schema.ts";
import { EXAMPLE_USER_TOKEN, MEMBER_SHOP } from "../support/contract-examples-orders.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { CART_ID, CART_WITH_TICKETS, CONSUMER, DETAILS, HTTP_URL, PROVIDER, SHOP, SHOP_HEADERS, STATES, TWO_WEEKEND_TICKETS, TWO_WEEKEND_TICKETS_WITH_DETAILS, UNKNOWN_CART_ID, UUID, PACT_DIR } from "../support/contract-examples.ts";
import { cartPath, failure, oneOf } from "../support/contract-examples-matchers.ts";

const { like, eachLike, eachValueMatches, integer, regex, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** The shop's return page; the state answers an origin the provider allows as `returnUri`. */
const RETURN_URI = "http://localhost:3000/lowlands-lights/paymentstatus";
const returnUri = (suffix = "") => fromProviderState(`\${returnUri}${suffix}`, `${RETURN_URI}${suffix}`);
const IDEMPOTENCY_KEY = "5b0f7c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b";
const PAYMENT_PAGE = "http://localhost:3000/test-payments/7d0c1c5e-0b7e-4a8f-9f43-2b6f3c1d9e55";
const METHODS = eachLike({ name: "iDEAL", uid: "ideal" });

/** A cart body: totals exact (the state fixes them, euros with decimals on the wire), status exact, timeout an integer. */
const cartBody = (cart: typeof CART_WITH_TICKETS, order: unknown = null) => ({
  data: {
    id: regex(UUID, cart.id),
    status: cart.status,
    timeout: integer(cart.timeout),
    products: cart.products,
    totalAmount: cart.totalAmount,
    totalAmountExcludingServiceCosts: cart.totalAmountExcludingServiceCosts,
    checkoutAllowed: cart.checkoutAllowed,
    checkoutErrors: [],
    order,
  },
});
const EMPTY_CART = { ...CART_WITH_TICKETS, products: {}, totalAmount: 0, totalAmountExcludingServiceCosts: 0, checkoutAllowed: false };
const api = (url: string) => new HttpCartApi(url);
/** Upgrade mode: the demo upgradable order's ids as headers (server/catalogue/demo-upgradable-orders.ts). spec §6. */
const UPGRADE_SHOP = { ...SHOP, upgradableOrderId: "LL-UPG-2027-0001", upgradeAccessId: "acc-7d41c2e9b05f" };
const UPGRADE_HEADERS = { ...SHOP_HEADERS, "x-upgradable-order-id": UPGRADE_SHOP.upgradableOrderId, "x-upgrade-access-id": UPGRADE_SHOP.upgradeAccessId };
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect));

describe("HttpCartApi against the Shop API v2 contract", () => {
  afterEach(() => vi.restoreAllMocks());

  it("creates a cart in status shopping with its timeout in seconds (POST /carts)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request to create a cart")
      .withRequest("POST", "/api/v2/carts", (b) => b.headers(SHOP_HEADERS).jsonBody({}))
      .willRespondWith(201, (b) => b.jsonBody(cartBody(EMPTY_CART)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).createCart(SHOP));
        expect(cart).toMatchObject({ status: "shopping", timeout: 900, totalAmount: 0, checkoutAllowed: false });
      }));

  it("reads a cart with its products and totals in cents (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TWO_WEEKEND_TICKETS)
      .uponReceiving("a request for a cart with 2 weekend tickets")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody(cartBody(CART_WITH_TICKETS)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getCart(SHOP, CART_ID));
        expect(cart).toMatchObject({ id: CART_ID, products: { ll_ticket_weekend: 2 }, totalAmount: 45900, totalAmountExcludingServiceCosts: 43900, checkoutAllowed: true });
      }));

  it("reads a cart in payment with the payment page as order.paymentUri (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.inPayment, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request for a cart in payment")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...cartBody({ ...CART_WITH_TICKETS, status: "in_payment" }).data,
            status: oneOf(CartStatus.literals, "in_payment"),
            checkoutAllowed: like(true),
            order: { paymentUri: regex(HTTP_URL, PAYMENT_PAGE), availablePaymentMethods: METHODS },
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getCart(SHOP, CART_ID));
        expect(cart.status).toBe("in_payment");
        expect(cart.order?.paymentUri).toBe(PAYMENT_PAGE);
      }));

  it("reads a paid cart in status confirmed with its paymentUri and order number (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.paid, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request for a paid cart")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...cartBody({ ...CART_WITH_TICKETS, status: "confirmed" }).data,
            checkoutAllowed: like(false),
            order: { paymentUri: regex(HTTP_URL, PAYMENT_PAGE), availablePaymentMethods: METHODS, reference: regex("^[1-9][0-9]{8}$", "246813579") },
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getCart(SHOP, CART_ID));
        expect(cart.status).toBe("confirmed");
        expect(cart.order?.paymentUri).toBe(PAYMENT_PAGE);
        expect(cart.order?.reference).toBe("246813579");
      }));

  it("fails with ShopApiError 404 cart.not.found for a cart the server does not know", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for an unknown cart")
      .withRequest("GET", `/api/v2/carts/${UNKNOWN_CART_ID}`, (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(404, (b) => b.jsonBody(failure("cart.not.found", "This cart does not exist.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).getCart(SHOP, UNKNOWN_CART_ID));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 404, code: "cart.not.found" });
      }));

  it("sets a product quantity and answers the priced cart (PUT /carts/{cartId}/products)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: {} })
      .uponReceiving("a request to put 2 weekend tickets in the cart")
      .withRequest("PUT", cartPath("/products"), (b) => b.headers(SHOP_HEADERS).jsonBody({ productId: "ll_ticket_weekend", quantity: 2 }))
      .willRespondWith(200, (b) => b.jsonBody(cartBody(CART_WITH_TICKETS)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).putProduct(SHOP, CART_ID, { productId: "ll_ticket_weekend", quantity: 2 }));
        expect(cart.products).toEqual({ ll_ticket_weekend: 2 });
        expect(cart.totalAmount).toBe(45900);
      }));

  it("removes a product with quantity 0 and keeps the other lines (PUT /carts/{cartId}/products)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: { ll_ticket_weekend: 2, ll_ticket_camping: 1 } })
      .uponReceiving("a request to put 0 weekend tickets in a cart with 2 and a camping ticket")
      .withRequest("PUT", cartPath("/products"), (b) => b.headers(SHOP_HEADERS).jsonBody({ productId: "ll_ticket_weekend", quantity: 0 }))
      // Pact allows extra keys, so a line kept at 0 is caught by the values: every quantity left is positive.
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...cartBody({ ...CART_WITH_TICKETS, totalAmount: 59, totalAmountExcludingServiceCosts: 55 }).data,
            products: eachValueMatches<number | string>({ ll_ticket_camping: 1 }, regex("^[1-9][0-9]*$", "1")),
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).putProduct(SHOP, CART_ID, { productId: "ll_ticket_weekend", quantity: 0 }));
        expect(cart.products).toEqual({ ll_ticket_camping: 1 });
        expect(cart.totalAmount).toBe(5900);
      }));

  it.each([
    { code: "5000", status: 409, productId: "ll_ticket_sunday", quantity: 1, what: "a sold-out ticket", message: "This product is sold out." },
    { code: "5004", status: 422, productId: "ll_ticket_weekend", quantity: 11, what: "11 weekend tickets", message: "You can order at most 10 tickets." },
    { code: "5001", status: 404, productId: "ll_no_such_product", quantity: 1, what: "an unknown product", message: "This product could not be found." },
  ])("fails with ShopApiError $code ($status) when putting $what in the cart", ({ code, status, productId, quantity, what, message }) =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: {} })
      .uponReceiving(`a request to put ${what} in the cart`)
      .withRequest("PUT", cartPath("/products"), (b) => b.headers(SHOP_HEADERS).jsonBody({ productId, quantity }))
      .willRespondWith(status, (b) => b.jsonBody(failure(code, message)))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).putProduct(SHOP, CART_ID, { productId, quantity }));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status, code, message });
      }),
  );

  // Writes on a cart whose time ran out or that does not exist (spec §4 Countdown, §8): the shop starts a new cart.
  const writes = [
    { what: "put a product in", method: "PUT", suffix: "/products", body: { productId: "ll_ticket_weekend", quantity: 1 }, send: (a: HttpCartApi, id: string) => a.putProduct(SHOP, id, { productId: "ll_ticket_weekend", quantity: 1 }) },
    { what: "store checkout details on", method: "PUT", suffix: "", body: DETAILS, send: (a: HttpCartApi, id: string) => a.putDetails(SHOP, id, DETAILS as CartDetails) },
  ] as const;
  it.each(writes)("fails with ShopApiError 409 cart.expired when asked to $what an expired cart", ({ what, method, suffix, body, send }) =>
    pact
      .addInteraction()
      .given(STATES.expired, TWO_WEEKEND_TICKETS)
      .uponReceiving(`a request to ${what} an expired cart`)
      .withRequest(method, cartPath(suffix), (b) => b.headers(SHOP_HEADERS).jsonBody(body))
      .willRespondWith(409, (b) => b.jsonBody(failure("cart.expired", "This cart has expired.")))
      .executeTest(async (server) => {
        expect(await flip(send(api(server.url), CART_ID))).toMatchObject({ _tag: "ShopApiError", status: 409, code: "cart.expired" });
      }),
  );
  it.each(writes)("fails with ShopApiError 404 cart.not.found when asked to $what an unknown cart", ({ what, method, suffix, body, send }) =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving(`a request to ${what} an unknown cart`)
      .withRequest(method, `/api/v2/carts/${UNKNOWN_CART_ID}${suffix}`, (b) => b.headers(SHOP_HEADERS).jsonBody(body))
      .willRespondWith(404, (b) => b.jsonBody(failure("cart.not.found", "This cart does not exist.")))
      .executeTest(async (server) => {
        expect(await flip(send(api(server.url), UNKNOWN_CART_ID))).toMatchObject({ _tag: "ShopApiError", status: 404, code: "cart.not.found" });
      }),
  );

  // Add-on carts carry the order's x-cart-token (spec §6); a write without it, or with another, is refused.
  it.each([
    { how: "without its cart token", context: SHOP, headers: SHOP_HEADERS },
    { how: "with a wrong cart token", context: { ...SHOP, cartToken: "ct_wrong_token" }, headers: { ...SHOP_HEADERS, "x-cart-token": "ct_wrong_token" } },
  ])("fails with ShopApiError 403 cart.token.invalid when a product is put in an add-on cart $how", ({ how, context, headers }) =>
    pact
      .addInteraction()
      .given(STATES.cart, { addOnOf: "123456789" })
      .uponReceiving(`a request to put a product in an add-on cart ${how}`)
      .withRequest("PUT", cartPath("/products"), (b) => b.headers(headers).jsonBody({ productId: "ll_ticket_weekend", quantity: 1 }))
      .willRespondWith(403, (b) => b.jsonBody(failure("cart.token.invalid", "The cart token is missing or invalid.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).putProduct(context, CART_ID, { productId: "ll_ticket_weekend", quantity: 1 }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "cart.token.invalid" });
      }),
  );

  it("fails with ShopApiError 403 cart.token.invalid when an add-on cart is ordered without its cart token (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { addOnOf: "123456789", details: DETAILS })
      .uponReceiving("a request to pay an add-on cart without its cart token")
      .withRequest("POST", cartPath("/orders"), (b) => b.headers(SHOP_HEADERS).jsonBody({ paymentMethod: "ideal", redirectUri: returnUri() }))
      .willRespondWith(403, (b) => b.jsonBody(failure("cart.token.invalid", "The cart token is missing or invalid.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 403, code: "cart.token.invalid" });
      }));

  it("extends the cart's hold and reads the fresh timeout, the extensions left and the hold's bounded end (POST /carts/{cartId}/extend)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TWO_WEEKEND_TICKETS)
      .uponReceiving("a request for more time for a cart with 2 weekend tickets")
      .withRequest("POST", cartPath("/extend"), (b) => b.headers(SHOP_HEADERS).jsonBody({}))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...cartBody(CART_WITH_TICKETS).data, holdExtensionsLeft: integer(9), maxTimeout: integer(9900) } }))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).extendHold(SHOP, CART_ID));
        expect(cart).toMatchObject({ id: CART_ID, status: "shopping", timeout: 900, holdExtensionsLeft: 9, maxTimeout: 9900, products: { ll_ticket_weekend: 2 } });
      }));

  it("gives an account's cart back for the account logging in next, and reads the cart (DELETE /carts/{cartId}/owner)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { ...TWO_WEEKEND_TICKETS, account: "acc-lucia" })
      .uponReceiving("a request of the cart's own account to give its cart with 2 weekend tickets back")
      .withRequest("DELETE", cartPath("/owner"), (b) => b.headers({ ...SHOP_HEADERS, "x-user-token": fromProviderState("${userToken}", EXAMPLE_USER_TOKEN) }))
      .willRespondWith(200, (b) => b.jsonBody(cartBody(CART_WITH_TICKETS)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).releaseOwner({ ...SHOP, userToken: EXAMPLE_USER_TOKEN }, CART_ID));
        expect(cart).toMatchObject({ id: CART_ID, status: "shopping", products: { ll_ticket_weekend: 2 } });
      }));

  it("fails with ShopApiError 409 cart.extensions.used.up when the cart's hold was extended as often as the shop allows", () =>
    pact
      .addInteraction()
      .given(STATES.holdExtensionsUsedUp, TWO_WEEKEND_TICKETS)
      .uponReceiving("a request for more time for a cart whose extensions are used up")
      .withRequest("POST", cartPath("/extend"), (b) => b.headers(SHOP_HEADERS).jsonBody({}))
      .willRespondWith(409, (b) => b.jsonBody(failure("cart.extensions.used.up", "This cart's time was extended 10 times, as often as this shop allows; it cannot be extended again.")))
      .executeTest(async (server) => {
        expect(await flip(api(server.url).extendHold(SHOP, CART_ID))).toMatchObject({ _tag: "ShopApiError", status: 409, code: "cart.extensions.used.up" });
      }));

  it("fails with ShopApiError 409 cart.expired when asked for more time for an expired cart", () =>
    pact
      .addInteraction()
      .given(STATES.expired, TWO_WEEKEND_TICKETS)
      .uponReceiving("a request for more time for an expired cart")
      .withRequest("POST", cartPath("/extend"), (b) => b.headers(SHOP_HEADERS).jsonBody({}))
      .willRespondWith(409, (b) => b.jsonBody(failure("cart.expired", "This cart has expired.")))
      .executeTest(async (server) => {
        expect(await flip(api(server.url).extendHold(SHOP, CART_ID))).toMatchObject({ _tag: "ShopApiError", status: 409, code: "cart.expired" });
      }));

  it("sends the checkout details and receives the order's payment methods (PUT /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TWO_WEEKEND_TICKETS)
      .uponReceiving("a request to store the checkout details")
      .withRequest("PUT", cartPath(), (b) => b.headers(SHOP_HEADERS).jsonBody(DETAILS))
      .willRespondWith(200, (b) => b.jsonBody(cartBody(CART_WITH_TICKETS, { paymentUri: null, availablePaymentMethods: METHODS })))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).putDetails(SHOP, CART_ID, DETAILS as CartDetails));
        expect(cart.order?.paymentUri).toBeNull();
        expect(cart.order?.availablePaymentMethods[0]).toEqual({ name: "iDEAL", uid: "ideal" });
      }));

  it("starts the payment in the visitor's language and answers the provider's page (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request to pay a cart with iDEAL, ordered in Dutch")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b
          .headers({ ...SHOP_HEADERS, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) })
          .jsonBody({ paymentMethod: "ideal", redirectUri: returnUri(), locale: "nl" }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ data: { redirectUri: regex(HTTP_URL, PAYMENT_PAGE) } }))
      .executeTest(async (server) => {
        const order = await Effect.runPromise(api(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI, locale: "nl" }));
        expect(order.redirectUri).toBe(PAYMENT_PAGE);
      }));

  it("gets the first answer again for a repeated Idempotency-Key (POST /carts/{cartId}/orders replay)", () => {
    vi.spyOn(globalThis.crypto, "randomUUID").mockReturnValue(IDEMPOTENCY_KEY);
    return pact
      .addInteraction()
      .given(STATES.inPayment, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a repeated request to pay a cart with the same Idempotency-Key")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b.headers({ ...SHOP_HEADERS, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) }).jsonBody({ paymentMethod: "ideal", redirectUri: returnUri() }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ data: { redirectUri: regex(HTTP_URL, PAYMENT_PAGE) } }))
      .executeTest(async (server) => {
        const order = await Effect.runPromise(api(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI }));
        expect(order.redirectUri).toBe(PAYMENT_PAGE);
      });
  });

  it("fails with ShopApiError 422 idempotency.key.reused when an Idempotency-Key comes back with another body", () => {
    vi.spyOn(globalThis.crypto, "randomUUID").mockReturnValue(IDEMPOTENCY_KEY);
    return pact
      .addInteraction()
      .given(STATES.inPayment, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request to pay a cart reusing an Idempotency-Key with another return address")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b.headers({ ...SHOP_HEADERS, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) }).jsonBody({ paymentMethod: "ideal", redirectUri: returnUri("?attempt=2") }),
      )
      .willRespondWith(422, (b) => b.jsonBody(failure("idempotency.key.reused", "This Idempotency-Key was used for another request.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: `${RETURN_URI}?attempt=2` }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 422, code: "idempotency.key.reused" });
      });
  });

  it("fails with ShopApiError 409 cart.not.shopping when the details of a cart in payment change (PUT /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.inPayment, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request to store checkout details on a cart in payment")
      .withRequest("PUT", cartPath(), (b) => b.headers(SHOP_HEADERS).jsonBody(DETAILS))
      .willRespondWith(409, (b) => b.jsonBody(failure("cart.not.shopping", "This cart can no longer be changed.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).putDetails(SHOP, CART_ID, DETAILS as CartDetails));
        expect(error).toEqual(new ShopApiError({ status: 409, code: "cart.not.shopping", message: "This cart can no longer be changed." }));
      }));

  it("fails with ShopApiError 422 and the server's message for a payment method the shop does not offer (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request to pay a cart with a payment method that is not offered")
      .withRequest("POST", cartPath("/orders"), (b) => b.headers(SHOP_HEADERS).jsonBody({ paymentMethod: "paypal", redirectUri: returnUri() }))
      .willRespondWith(422, (b) => b.jsonBody(failure("request.invalid", "Invalid order: paymentMethod: 'paypal' is not offered")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "paypal", redirectUri: RETURN_URI }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 422, code: "request.invalid" });
        expect(error.message).toContain("paypal");
      }));

  const blockedCart = (code: string, message: string, totals: { totalAmount: number; totalAmountExcludingServiceCosts: number }, products: Record<string, number>) => ({
    data: {
      id: regex(UUID, CART_ID),
      status: "shopping",
      timeout: integer(900),
      products,
      ...totals,
      checkoutAllowed: false,
      checkoutErrors: eachLike({ code, message: MatchersV3.string(message) }),
      order: null,
    },
  });

  it("reads the travel checkout error that blocks checkout when room persons and entrance tickets differ (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: { ll_ticket_weekend: 1 }, hotel: { travelId: "lowlands-lights-2027-travel", productId: "ll_dunes_double", persons: 2 } })
      .uponReceiving("a request for a cart whose room persons differ from its entrance tickets")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          blockedCart(
            "validation.travel.occupants.does.not.equal.number.entrance.tickets",
            "The number of persons in your room must equal the number of entrance tickets.",
            { totalAmount: 607.5, totalAmountExcludingServiceCosts: 597.5 },
            { ll_ticket_weekend: 1 },
          ),
        ),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getCart(SHOP, CART_ID));
        expect(cart.checkoutAllowed).toBe(false);
        expect(cart.checkoutErrors[0]?.code).toBe("validation.travel.occupants.does.not.equal.number.entrance.tickets");
      }));

  it("reads validation.max.orders.per.account with its message when the account already ordered (GET /carts/{cartId})", () => {
    // The member sale allows one order per account; the state's carts are one member's (its x-user-token).
    const headers = {
      "x-event-namespace": MEMBER_SHOP.apiNamespace,
      authorization: `Bearer ${MEMBER_SHOP.shopToken}`,
      "x-user-token": fromProviderState("${userToken}", EXAMPLE_USER_TOKEN),
    };
    const params = { namespace: MEMBER_SHOP.apiNamespace, account: "acc-lucia", products: { llm_ticket_weekend: 1 }, details: { ...DETAILS, email: "returning.visitor@example.org" } };
    return pact
      .addInteraction()
      .given(STATES.maxOrdersReached, params)
      .uponReceiving("a request for a cart whose account reached the maximum orders per account")
      .withRequest("GET", cartPath(), (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...blockedCart("validation.max.orders.per.account", "You have reached the maximum of 1 order per account for this event.", { totalAmount: like(202) as unknown as number, totalAmountExcludingServiceCosts: like(199.5) as unknown as number }, { llm_ticket_weekend: 1 }).data,
            order: { paymentUri: null, availablePaymentMethods: METHODS },
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getCart({ ...MEMBER_SHOP, userToken: EXAMPLE_USER_TOKEN }, CART_ID));
        expect(cart.checkoutAllowed).toBe(false);
        expect(cart.checkoutErrors).toEqual([
          { code: "validation.max.orders.per.account", message: "You have reached the maximum of 1 order per account for this event." },
        ]);
      });
  });

  it("reads the cart's merchandise shipping country (GET /carts/{cartId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: { ll_ticket_weekend: 1, ll_tshirt_m: 1 }, shippingCountry: "NL" })
      .uponReceiving("a request for a cart whose merchandise ships to the Netherlands")
      .withRequest("GET", cartPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            ...cartBody({ ...CART_WITH_TICKETS, products: { ll_ticket_weekend: 1, ll_tshirt_m: 1 }, totalAmount: 265.44, totalAmountExcludingServiceCosts: 255.44 }).data,
            shippingCountry: "NL",
          },
        }),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getCart(SHOP, CART_ID));
        expect(cart.shippingCountry).toBe("NL");
        expect(cart.totalAmount).toBe(26544);
      }));

  // Orders the server refuses (spec §7 orders, §8; docs/vouchers-and-orders.md): 409 checkout.not.allowed with the
  // cart's reasons as error.checkoutErrors, which the adapter keeps on the ShopApiError.
  // The member sale allows one order per account; the state's carts are one member's (its x-user-token).
  const MEMBER_HEADERS = {
    "x-event-namespace": MEMBER_SHOP.apiNamespace,
    authorization: `Bearer ${MEMBER_SHOP.shopToken}`,
    "x-user-token": fromProviderState("${userToken}", EXAMPLE_USER_TOKEN),
  };
  const MEMBER_RETURN_URI = "http://localhost:3000/lowlands-members/paymentstatus";
  const OCCUPANTS = "validation.travel.occupants.does.not.equal.number.entrance.tickets";
  /** Parameters of a provider state, as `given` takes them. */
  type StateParams = NonNullable<Parameters<ReturnType<typeof pact.addInteraction>["given"]>[1]>;
  const refusals: ReadonlyArray<{ what: string; state: string; params: StateParams; shop: ShopContext; headers: Record<string, unknown>; example: string; reasons: ReadonlyArray<{ code: string; message: string }> }> = [
    {
      what: "a second order for an account that already placed the one order per account",
      state: STATES.maxOrdersReached,
      params: { namespace: MEMBER_SHOP.apiNamespace, account: "acc-lucia", products: { llm_ticket_weekend: 1 }, details: { ...DETAILS, email: "returning.visitor@example.org" } },
      shop: { ...MEMBER_SHOP, userToken: EXAMPLE_USER_TOKEN },
      headers: MEMBER_HEADERS,
      example: MEMBER_RETURN_URI,
      reasons: [{ code: "validation.max.orders.per.account", message: "You have reached the maximum of 1 order per account for this event." }],
    },
    {
      what: "an order whose hotel room persons differ from the entrance tickets",
      state: STATES.cart,
      params: { products: { ll_ticket_weekend: 1 }, hotel: { travelId: "lowlands-lights-2027-travel", productId: "ll_dunes_double", persons: 2 }, details: DETAILS },
      shop: SHOP,
      headers: SHOP_HEADERS,
      example: RETURN_URI,
      reasons: [{ code: OCCUPANTS, message: "The hotel booking is for 2 persons, but the cart has 1 entrance ticket; these must be equal." }],
    },
    {
      what: "an order for an empty cart",
      state: STATES.cart,
      params: { products: {}, details: DETAILS },
      shop: SHOP,
      headers: SHOP_HEADERS,
      example: RETURN_URI,
      reasons: [{ code: "checkout.cart.empty", message: "The cart has nothing to order." }],
    },
  ];
  it.each(refusals)("fails with ShopApiError 409 checkout.not.allowed and the cart's checkoutErrors for $what (POST /carts/{cartId}/orders)", ({ what, state, params, shop, headers, example, reasons }) =>
    pact
      .addInteraction()
      .given(state, params)
      .uponReceiving(`a request to pay ${what}`)
      .withRequest("POST", cartPath("/orders"), (b) =>
        b
          .headers({ ...headers, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) })
          .jsonBody({ paymentMethod: "ideal", redirectUri: fromProviderState("${returnUri}", example) }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({
          error: {
            code: "checkout.not.allowed",
            message: MatchersV3.string(reasons.map((r) => r.message).join(" ")),
            checkoutErrors: reasons.map((r) => ({ code: r.code, message: MatchersV3.string(r.message) })),
          },
        }),
      )
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(shop, CART_ID, { paymentMethod: "ideal", redirectUri: example }));
        expect(error).toEqual(new ShopApiError({ status: 409, code: "checkout.not.allowed", message: reasons.map((r) => r.message).join(" "), checkoutErrors: reasons }));
      }),
  );

  it("fails with ShopApiError 409 cart.expired when an expired cart is ordered (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.expired, TWO_WEEKEND_TICKETS_WITH_DETAILS)
      .uponReceiving("a request to pay an expired cart")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b.headers({ ...SHOP_HEADERS, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) }).jsonBody({ paymentMethod: "ideal", redirectUri: returnUri() }),
      )
      .willRespondWith(409, (b) => b.jsonBody(failure("cart.expired", "This cart has expired.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 409, code: "cart.expired" });
      }));

  it("fails with ShopApiError 404 cart.not.found when an unknown cart is ordered (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      // A cart state only for the return address the provider accepts; the order addresses a cart id nobody has.
      .given(STATES.cart, { products: {} })
      .uponReceiving("a request to pay an unknown cart")
      .withRequest("POST", `/api/v2/carts/${UNKNOWN_CART_ID}/orders`, (b) =>
        b.headers({ ...SHOP_HEADERS, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) }).jsonBody({ paymentMethod: "ideal", redirectUri: returnUri() }),
      )
      .willRespondWith(404, (b) => b.jsonBody(failure("cart.not.found", "This cart does not exist.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(SHOP, UNKNOWN_CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 404, code: "cart.not.found" });
      }));

  // spec §8 4002: an upgrade is paid once; another upgrade cart of the same order was paid after this one was made.
  it("fails with ShopApiError 409 4002 when an upgrade cart's order was upgraded by another cart (POST /carts/{cartId}/orders)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: { ll_upgrade_vip: 1 }, details: DETAILS, upgrade: true, upgradePaidElsewhere: true })
      .uponReceiving("a request to pay an upgrade cart whose order another upgrade cart has processed")
      .withRequest("POST", cartPath("/orders"), (b) =>
        b.headers({ ...UPGRADE_HEADERS, "idempotency-key": fromProviderState("${idempotencyKey}", IDEMPOTENCY_KEY) }).jsonBody({ paymentMethod: "ideal", redirectUri: returnUri() }),
      )
      .willRespondWith(409, (b) => b.jsonBody(failure("4002", "This order has been upgraded already. Click the link in the e-mail again.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).createOrder(UPGRADE_SHOP, CART_ID, { paymentMethod: "ideal", redirectUri: RETURN_URI }));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 409, code: "4002" });
      }));

  // spec §9 "Upgrade discount: priceAmount/100, subtracted from the total": the demo order's € 10,00 member discount.
  it("answers an upgrade cart's total with the upgrade discount subtracted (PUT /carts/{cartId}/products in upgrade mode)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: {}, upgrade: true })
      .uponReceiving("a request to put an upgrade in an upgrade cart")
      .withRequest("PUT", cartPath("/products"), (b) => b.headers(UPGRADE_HEADERS).jsonBody({ productId: "ll_upgrade_vip", quantity: 1 }))
      .willRespondWith(200, (b) =>
        b.jsonBody(cartBody({ ...CART_WITH_TICKETS, products: { ll_upgrade_vip: 1 }, totalAmount: 179, totalAmountExcludingServiceCosts: 179, checkoutAllowed: true })),
      )
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).putProduct(UPGRADE_SHOP, CART_ID, { productId: "ll_upgrade_vip", quantity: 1 }));
        expect(cart.products).toEqual({ ll_upgrade_vip: 1 });
        expect(cart.totalAmount).toBe(17900);
      }));
});

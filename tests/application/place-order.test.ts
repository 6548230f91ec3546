import { Effect, Exit } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { CheckoutFailedError, PlaceOrder, type PlaceOrderInput, type PlaceOrderOutcome } from "../../application/use-cases/place-order.use-case.ts";
import { SubmitCheckoutDetails } from "../../application/use-cases/submit-checkout-details.use-case.ts";
import { SubscribeNewsletter } from "../../application/use-cases/subscribe-newsletter.use-case.ts";
import type { NewsletterApi } from "../../application/ports/newsletter-api.port.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { CheckoutFormValues } from "../../domain/checkout-validation.ts";
import { CHECKOUT_FAILURE_FALLBACK, MAX_ORDERS_PER_ACCOUNT_ERROR } from "../../domain/error-catalogue.ts";
import type { Cents } from "../../domain/money.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { SHOP } from "../support/contract-examples.ts";
import { FixedClock, InMemoryNewsletterApi } from "../support/in-memory-platform.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { aProduct, aShopConfig } from "../support/object-mother.ts";

const products = [
  aProduct(),
  aProduct({ id: "ll_tshirt_m", name: "T-shirt M", title: "T-shirt M", type: "merchandise", price: 25, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
  aProduct({ id: "ll_hotel", name: "Hotel", title: "Hotel", type: "travel", price: 200, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
  aProduct({ id: "ll_insurance", name: "Refund protection", title: "Refund protection", type: "insurance", price: 0, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: { percentage: 6 } }),
];

const validValues: CheckoutFormValues = {
  gender: "female",
  firstName: "Anna",
  lastName: "Jansen",
  countryCode: "31",
  phoneNumber: "612345678",
  email: "anna@example.com",
  dateOfBirth: { day: 1, month: 2, year: 1990 },
  address: "Dorpsstraat",
  streetNumber: "1",
  streetNumberExtension: "",
  postalCode: "1234 AB",
  city: "Biddinghuizen",
  country: "NL",
};

let api: InMemoryCartApi;
let ids: InMemoryCartIdStore;
let placeOrder: PlaceOrder;
let newsletter: InMemoryNewsletterApi;
let cart: Cart;
const context = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken };

const withProducts = async (lines: Record<string, number>): Promise<Cart> => {
  let current = await Effect.runPromise(api.createCart(context));
  for (const [productId, quantity] of Object.entries(lines)) current = await Effect.runPromise(api.putProduct(context, current.id, { productId, quantity }));
  ids.set(SHOP.slug, current.id);
  return current;
};

const input = (overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  slug: SHOP.slug,
  context,
  config: aShopConfig(),
  cart,
  products,
  values: validValues,
  termsAccepted: true,
  covidTermsAccepted: false,
  shippingCountry: null,
  shippingPrice: 0,
  refundChoice: { _tag: "Made", insured: false },
  upgradeMode: false,
  bookingProtectAvailable: false,
  noTicketsConfirmed: false,
  origin: "https://shop.example",
  search: "?utm_source=mail&utm_campaign=summer&route=tickets",
  newsletter: { ticked: false, locale: "en", subscribedEmail: null },
  ...overrides,
});

const run = (i: PlaceOrderInput) => Effect.runPromiseExit(placeOrder.execute(i));
const outcome = async (i: PlaceOrderInput): Promise<PlaceOrderOutcome> => {
  const exit = await run(i);
  if (Exit.isFailure(exit)) throw new Error("expected success");
  return exit.value;
};

beforeEach(async () => {
  api = new InMemoryCartApi(products);
  ids = new InMemoryCartIdStore();
  newsletter = new InMemoryNewsletterApi();
  placeOrder = new PlaceOrder(new SubmitCheckoutDetails(api, ids), new FixedClock(Date.UTC(2026, 5, 1)), new SubscribeNewsletter(newsletter));
  cart = await withProducts({ ll_ticket_weekend: 1 });
});

describe("PlaceOrder (spec §4 Placing an order, §5 Order button)", () => {
  it("sends the details and answers the checkout query with cart, token, provider and only the utm_ parameters", async () => {
    const result = await outcome(input());
    expect(result._tag).toBe("Placed");
    if (result._tag !== "Placed") return;
    expect(api.calls).toContain(`putDetails ${cart.id}`);
    expect(result.query.toString()).toBe(`cart=${cart.id}&token=${SHOP.shopToken}&provider=test&utm_source=mail&utm_campaign=summer`);
    expect(result.cart.order?.availablePaymentMethods).toEqual([{ name: "iDEAL", uid: "ideal" }]);
  });

  it("subscribes the checkout e-mail to the newsletter once the details are sent, only with the box ticked", async () => {
    const unticked = await outcome(input());
    expect(unticked._tag === "Placed" && unticked.newsletterSubscribed).toBe(false);
    expect(newsletter.subscriptions).toEqual([]);
    const ticked = await outcome(input({ newsletter: { ticked: true, locale: "nl", subscribedEmail: null } }));
    expect(ticked._tag === "Placed" && ticked.newsletterSubscribed).toBe(true);
    expect(newsletter.subscriptions).toEqual([{ email: "anna@example.com", firstName: "Anna", lastName: "Jansen", locale: "nl", eventNamespace: SHOP.apiNamespace }]);
  });

  it("does not subscribe again the e-mail an earlier placing subscribed, but a changed e-mail", async () => {
    const again = await outcome(input({ newsletter: { ticked: true, locale: "en", subscribedEmail: "anna@example.com" } }));
    expect(again._tag === "Placed" && again.newsletterSubscribed).toBe(false);
    expect(newsletter.subscriptions).toEqual([]);
    const changed = await outcome(input({ newsletter: { ticked: true, locale: "en", subscribedEmail: "old@example.com" } }));
    expect(changed._tag === "Placed" && changed.newsletterSubscribed).toBe(true);
    expect(newsletter.subscriptions.map((s) => s.email)).toEqual(["anna@example.com"]);
  });

  it("places the order when the newsletter subscription fails, and says it was not subscribed", async () => {
    const failing: NewsletterApi = { subscribe: () => Effect.fail(new ShopApiError({ status: 503, code: "service.unavailable", message: "down" })) };
    placeOrder = new PlaceOrder(new SubmitCheckoutDetails(api, ids), new FixedClock(Date.UTC(2026, 5, 1)), new SubscribeNewsletter(failing));
    const result = await outcome(input({ newsletter: { ticked: true, locale: "en", subscribedEmail: null } }));
    expect(result._tag).toBe("Placed");
    expect(result._tag === "Placed" && result.newsletterSubscribed).toBe(false);
  });

  it("sends no newsletter subscription when the order is blocked", async () => {
    await outcome(input({ termsAccepted: false, newsletter: { ticked: true, locale: "en", subscribedEmail: null } }));
    expect(newsletter.subscriptions).toEqual([]);
  });

  it("keeps the upgrade link's order id and access id in the checkout query (upgrade mode goes on)", async () => {
    const result = await outcome(input({ search: "?idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-1&route=upgrade" }));
    expect(result._tag === "Placed" && result.query.toString()).toBe(`cart=${cart.id}&token=${SHOP.shopToken}&provider=test&idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-1`);
  });

  it("puts the cart token in the query when the shop is reached with one", async () => {
    const result = await outcome(input({ context: { ...context, cartToken: "ct-1" } }));
    expect(result._tag === "Placed" && result.query.get("token")).toBe("ct-1");
  });

  it("keeps the deep link's cartToken and policyId, so the order and payment calls still carry x-cart-token (spec §6)", async () => {
    const result = await outcome(input({ context: { ...context, cartToken: "ct-1" }, search: "?cartToken=ct-1&policyId=p-9&route=traveladdon&utm_source=mail" }));
    expect(result._tag === "Placed" && result.query.toString()).toBe(`cart=${cart.id}&token=ct-1&provider=test&cartToken=ct-1&policyId=p-9&utm_source=mail`);
  });

  it("asks the 6003 question for travel without tickets before anything is sent, and proceeds once confirmed", async () => {
    cart = await withProducts({ ll_hotel: 1 });
    expect(await outcome(input())).toEqual({ _tag: "ConfirmNoTickets", code: 6003 });
    expect(api.calls.some((c) => c.startsWith("putDetails"))).toBe(false);
    expect((await outcome(input({ noTicketsConfirmed: true })))._tag).toBe("Placed");
  });

  it("does not ask 6003 in an add-on shop", async () => {
    cart = await withProducts({ ll_hotel: 1 });
    const config: ShopConfig = { ...aShopConfig(), shopInit: { isAddOnShop: true, paymentProvider: "test" } };
    expect((await outcome(input({ config })))._tag).toBe("Placed");
  });

  it("blocks merchandise without a shipping country with form_no_country_selected and sends nothing", async () => {
    cart = await withProducts({ ll_ticket_weekend: 1, ll_tshirt_m: 1 });
    const result = await outcome(input());
    expect(result._tag === "Blocked" && result.messageKeys).toEqual(["form_no_country_selected"]);
    expect(api.calls.some((c) => c.startsWith("putDetails"))).toBe(false);
    expect((await outcome(input({ shippingCountry: "NL", shippingPrice: 599 })))._tag).toBe("Placed");
  });

  it("asks for the refund choice when refund protection is offered and unanswered, unless the cart already holds insurance", async () => {
    const unanswered = await outcome(input({ refundChoice: { _tag: "Unmade" } }));
    expect(unanswered._tag === "Blocked" && unanswered.messageKeys).toEqual(["form_no_insurance_choice"]);
    cart = await withProducts({ ll_ticket_weekend: 1, ll_insurance: 1 });
    expect((await outcome(input({ refundChoice: { _tag: "Unmade" } })))._tag).toBe("Placed");
  });

  it("does not ask for the refund choice when the shop disables refund", async () => {
    const config: ShopConfig = { ...aShopConfig(), disableRefund: true };
    expect((await outcome(input({ config, refundChoice: { _tag: "Unmade" } })))._tag).toBe("Placed");
  });

  it("in upgrade mode asks for the refund choice only when booking protect is available", async () => {
    expect((await outcome(input({ upgradeMode: true, refundChoice: { _tag: "Unmade" } })))._tag).toBe("Placed");
    const r = await outcome(input({ upgradeMode: true, bookingProtectAvailable: true, refundChoice: { _tag: "Unmade" } }));
    expect(r._tag === "Blocked" && r.messageKeys).toEqual(["form_no_insurance_choice"]);
  });

  it("needs the terms when the total is above 0, and lists the field errors with error.form_has_errors", async () => {
    const r = await outcome(input({ termsAccepted: false, values: { ...validValues, email: "" } }));
    expect(r._tag).toBe("Blocked");
    if (r._tag !== "Blocked") return;
    expect(r.messageKeys).toEqual(["error.form_has_errors", "form_terms_not_accepted"]);
    expect(r.fieldErrors.email).toBe("error.field_required");
  });

  it("requires gender except for the gender-optional brand, which sends other", async () => {
    const noGender = { ...validValues, gender: "" as const };
    const r = await outcome(input({ values: noGender }));
    expect(r._tag === "Blocked" && r.fieldErrors.gender).toBe("error.field_required");
    const placed = await outcome(input({ values: noGender, config: { ...aShopConfig(), brand: "Milkshake" } }));
    expect(placed._tag === "Placed" && placed.details.gender).toBe("other");
  });

  it("refuses when checkoutAllowed is false, listing the server's errors and raising 8001 for max orders per account", async () => {
    const refused: Cart = { ...cart, checkoutAllowed: false, checkoutErrors: [{ code: MAX_ORDERS_PER_ACCOUNT_ERROR, message: "Only one order per account." }] };
    const r = await outcome(input({ cart: refused }));
    expect(r).toMatchObject({ _tag: "Blocked", messageKeys: [], serverMessages: ["Only one order per account."], modal: { code: 8001, messages: ["Only one order per account."] } });
    expect(api.calls.some((c) => c.startsWith("putDetails"))).toBe(false);
  });

  it("fails with the server's message plus the cart id, or the spec §8 fallback text when the server gave none", async () => {
    api.putDetails = () => Effect.fail(new ShopApiError({ status: 409, code: "cart.expired", message: "This cart has expired." }));
    const withMessage = await run(input());
    expect(withMessage).toEqual(Exit.fail(new CheckoutFailedError({ text: `This cart has expired. cartId: ${cart.id}`, cartId: cart.id })));
    api.putDetails = () => Effect.fail(new ShopApiError({ status: 500, code: "1000", message: "" }));
    const without = await run(input());
    expect(without).toEqual(Exit.fail(new CheckoutFailedError({ text: `${CHECKOUT_FAILURE_FALLBACK} cartId: ${cart.id}`, cartId: cart.id })));
  });

  it("counts an empty total as needing no terms", async () => {
    const free: Cart = { ...cart, totalAmount: 0 as Cents };
    expect((await outcome(input({ cart: free, termsAccepted: false })))._tag).toBe("Placed");
  });
});

import { fc, test } from "@fast-check/vitest";
import { Effect } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { ApplyVoucher } from "../../application/use-cases/apply-voucher.use-case.ts";
import { FindPreviousOrders } from "../../application/use-cases/find-previous-orders.use-case.ts";
import { LookUpOrder } from "../../application/use-cases/look-up-order.use-case.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { getOrdersBody, lookupKeyCount, parseOrderNumber } from "../../domain/order-lookup.schema.ts";
import { isTravelPurchase } from "../../domain/order-lookup.ts";
import { discountOn, normalizeVoucherCode, voucherErrorText } from "../../domain/voucher.schema.ts";
import { CART_ID, SHOP } from "../support/contract-examples.ts";
import { ADD_ON_SHOP, ORDER_CART_TOKEN, ORDER_EMAIL, ORDER_EXTERNAL_REFERENCE, ORDER_REFERENCE, PREVIOUS_ORDERS } from "../support/contract-examples-orders.ts";
import { InMemoryOrderLookupApi, InMemoryVoucherApi, type FakeVoucher } from "../support/in-memory-vouchers-orders.ts";

const cart = (totalAmount: number): Cart => ({
  id: CART_ID,
  status: "shopping",
  timeout: 900,
  products: { ll_ticket_weekend: 2 },
  totalAmount: totalAmount as Cents,
  totalAmountExcludingServiceCosts: (totalAmount - 2000) as Cents,
  checkoutAllowed: true,
  checkoutErrors: [],
  order: { paymentUri: null, availablePaymentMethods: [{ name: "iDEAL", uid: "ideal" }] },
});

describe("voucher rules (domain/voucher.schema.ts)", () => {
  test.prop([fc.integer({ min: 0, max: 10_000_000 }), fc.oneof(fc.record({ amount: fc.integer({ min: 0, max: 10_000_000 }) }), fc.record({ percent: fc.integer({ min: 0, max: 100 }) }))])(
    "never discounts below 0 nor more than the subtotal",
    (subtotal, terms) => {
      const d = discountOn(subtotal as Cents, terms as { amount: Cents } | { percent: number });
      expect(Number.isInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(subtotal);
    },
  );

  test.prop([fc.integer({ min: 0, max: 10_000_000 })])("takes 10 % rounded half up to the cent, and a fixed amount capped at the subtotal", (subtotal) => {
    expect(discountOn(subtotal as Cents, { percent: 10 })).toBe(Math.round(subtotal / 10));
    expect(discountOn(subtotal as Cents, { amount: 500 as Cents })).toBe(Math.min(500, subtotal));
  });

  it("discounts SUMMER10 on 459 euros to 45.90 euros", () => {
    expect(discountOn(45900 as Cents, { percent: 10 })).toBe(4590);
  });

  test.prop([fc.string()])("normalises a code idempotently (trimmed, upper case)", (code) => {
    const once = normalizeVoucherCode(code);
    expect(normalizeVoucherCode(once)).toBe(once);
    expect(once).toBe(once.trim());
  });

  it("maps failures to the spec §8 texts", () => {
    expect(voucherErrorText({ code: "voucher.invalid", message: "x" })).toBe("This voucher code is invalid");
    expect(voucherErrorText({ code: "voucher.used", message: "x" })).toBe("This voucher code has already been used");
    expect(voucherErrorText({ code: "cart.expired", message: "This cart has expired." })).toBe("This cart has expired.");
    expect(voucherErrorText(undefined)).toBe("This voucher code is invalid");
  });
});

describe("order number rules (domain/order-lookup.schema.ts, spec §5)", () => {
  it("reads 9 digits as the reference and a UUID as the external reference, trimmed and without a leading #", () => {
    expect(parseOrderNumber(" #123456789 ")).toEqual({ _tag: "Reference", reference: "123456789" });
    expect(parseOrderNumber(ORDER_EXTERNAL_REFERENCE.toUpperCase())).toEqual({ _tag: "ExternalReference", externalReference: ORDER_EXTERNAL_REFERENCE.toUpperCase() });
    for (const bad of ["", "#", "12345678", "1234567890", "12345678a", "##123456789", "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f0"]) expect(parseOrderNumber(bad)).toBeNull();
  });

  test.prop([fc.stringMatching(/^\d{9}$/), fc.constantFrom("", " ", "#", " #")])("accepts every 9-digit number with any padding", (digits, prefix) => {
    expect(parseOrderNumber(`${prefix}${digits} `)).toEqual({ _tag: "Reference", reference: digits });
  });

  test.prop([fc.string()])("accepts only 9 digits or a UUID", (text) => {
    const parsed = parseOrderNumber(text);
    if (parsed?._tag === "Reference") expect(parsed.reference).toMatch(/^\d{9}$/);
    if (parsed?._tag === "ExternalReference") expect(parsed.externalReference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  });

  it("sends the first present key, or reference false when none", () => {
    expect(getOrdersBody({ consumer_email: ORDER_EMAIL, reference: ORDER_REFERENCE })).toEqual({ consumer_email: ORDER_EMAIL });
    expect(getOrdersBody({ reference: ORDER_REFERENCE, consumer_external_reference: ORDER_EXTERNAL_REFERENCE })).toEqual({ reference: ORDER_REFERENCE });
    expect(getOrdersBody({ consumer_external_reference: ORDER_EXTERNAL_REFERENCE })).toEqual({ consumer_external_reference: ORDER_EXTERNAL_REFERENCE });
    expect(getOrdersBody({})).toEqual({ reference: false });
  });

  test.prop([fc.record({ consumer_email: fc.option(fc.string({ minLength: 1 }), { nil: undefined }), reference: fc.option(fc.string({ minLength: 1 }), { nil: undefined }), consumer_external_reference: fc.option(fc.string({ minLength: 1 }), { nil: undefined }) })])(
    "always sends exactly one key",
    (keys) => {
      const body = getOrdersBody(keys);
      expect(Object.keys(body)).toHaveLength(1);
      expect(lookupKeyCount(body as never)).toBe(1);
    },
  );

  it("marks a purchase whose title contains 'Travel:' as travel", () => {
    expect(isTravelPurchase({ title: "Travel: Hotel De Duinen" })).toBe(true);
    expect(isTravelPurchase({ title: "Weekend ticket" })).toBe(false);
  });
});

describe("ApplyVoucher", () => {
  let api: InMemoryVoucherApi;
  let now: number;
  beforeEach(() => {
    now = 0;
    const vouchers = new Map<string, FakeVoucher>([
      ["SUMMER10", { terms: { percent: 10 }, singleUse: true }],
      ["FESTIVAL5", { terms: { amount: 500 as Cents }, singleUse: false }],
      ["USED2026", { terms: { percent: 20 }, singleUse: true, redeemedBy: "someone" }],
    ]);
    api = new InMemoryVoucherApi(new Map([[CART_ID, cart(45900)], ["other", { ...cart(45900), id: "other" }]]), vouchers, () => now);
  });

  it("answers the discounted cart with its payment methods", async () => {
    const result = await Effect.runPromise(new ApplyVoucher(api).execute({ context: SHOP, cartId: CART_ID, code: " summer10 " }));
    expect(result.totalAmount).toBe(41310);
    expect(result.order?.availablePaymentMethods).toEqual([{ name: "iDEAL", uid: "ideal" }]);
    expect(api.calls).toEqual([{ cartId: CART_ID, voucher: "summer10" }]);
  });

  it.each([
    { code: "NOPE", tag: "voucher.invalid", text: "This voucher code is invalid" },
    { code: "USED2026", tag: "voucher.used", text: "This voucher code has already been used" },
  ])("fails with VoucherRejectedError $tag for $code", async ({ code, tag, text }) => {
    const error = await Effect.runPromise(Effect.flip(new ApplyVoucher(api).execute({ context: SHOP, cartId: CART_ID, code: code })));
    expect(error).toMatchObject({ _tag: "VoucherRejectedError", code: tag, message: text });
  });

  it("refuses a voucher another cart holds until its 30 minutes are over", async () => {
    const useCase = new ApplyVoucher(api);
    await Effect.runPromise(useCase.execute({ context: SHOP, cartId: "other", code: "SUMMER10" }));
    now = 1799_000;
    expect((await Effect.runPromise(Effect.flip(useCase.execute({ context: SHOP, cartId: CART_ID, code: "SUMMER10" })))).code).toBe("voucher.used");
    now = 1800_000;
    expect((await Effect.runPromise(useCase.execute({ context: SHOP, cartId: CART_ID, code: "SUMMER10" }))).totalAmount).toBe(41310);
  });

  it("refuses a blank code as invalid without calling the API", async () => {
    const error = await Effect.runPromise(Effect.flip(new ApplyVoucher(api).execute({ context: SHOP, cartId: CART_ID, code: "   " })));
    expect(error).toMatchObject({ code: "voucher.invalid", message: "This voucher code is invalid" });
    expect(api.calls).toEqual([]);
  });

  it("shows the invalid text when the request fails", async () => {
    api.failing = true;
    const error = await Effect.runPromise(Effect.flip(new ApplyVoucher(api).execute({ context: SHOP, cartId: CART_ID, code: "FESTIVAL5" })));
    expect(error).toMatchObject({ code: "request.failed", message: "This voucher code is invalid" });
  });
});

describe("LookUpOrder (spec §4 Add-on lookup)", () => {
  let api: InMemoryOrderLookupApi;
  beforeEach(() => {
    api = new InMemoryOrderLookupApi([{ cartToken: ORDER_CART_TOKEN, answer: PREVIOUS_ORDERS }]);
  });

  it("is invalid for a malformed number and makes no call", async () => {
    for (const text of ["12345", "abc", "", "#12345678901"]) {
      expect(await Effect.runPromise(new LookUpOrder(api).execute({ context: ADD_ON_SHOP, orderNumber: text }))).toEqual({ state: "invalid" });
    }
    expect(api.calls).toEqual([]);
  });

  it("succeeds by reference and by external reference, with prices in cents", async () => {
    const useCase = new LookUpOrder(api);
    const byReference = await Effect.runPromise(useCase.execute({ context: ADD_ON_SHOP, orderNumber: "#123456789" }));
    expect(byReference.state).toBe("success");
    if (byReference.state === "success") expect(byReference.orders.original_orders[0]?.purchases[0]?.price).toBe(22950);
    expect((await Effect.runPromise(useCase.execute({ context: ADD_ON_SHOP, orderNumber: ORDER_EXTERNAL_REFERENCE }))).state).toBe("success");
    expect(api.calls).toEqual([{ reference: ORDER_REFERENCE }, { consumer_external_reference: ORDER_EXTERNAL_REFERENCE }]);
  });

  it("is no-order for an unknown number or without the order's cart token", async () => {
    expect(await Effect.runPromise(new LookUpOrder(api).execute({ context: ADD_ON_SHOP, orderNumber: "987654321" }))).toEqual({ state: "no-order" });
    expect(await Effect.runPromise(new LookUpOrder(api).execute({ context: SHOP, orderNumber: ORDER_REFERENCE }))).toEqual({ state: "no-order" });
  });

  it("with an e-mail (the add-on shop's lookup) sends the number with it and needs no cart token; the answer holds the order's cart token", async () => {
    const useCase = new LookUpOrder(api);
    const found = await Effect.runPromise(useCase.execute({ context: SHOP, orderNumber: " 123456789 ", email: ` ${ORDER_EMAIL.toUpperCase()} ` }));
    expect(found.state).toBe("success");
    if (found.state === "success") expect(found.orders.original_orders[0]?.cart_token).toBe(ORDER_CART_TOKEN);
    expect(await Effect.runPromise(useCase.execute({ context: SHOP, orderNumber: ORDER_EXTERNAL_REFERENCE, email: "someone.else@example.com" }))).toEqual({ state: "no-order" });
    expect(api.calls).toEqual([
      { reference: ORDER_REFERENCE, consumer_email: ORDER_EMAIL.toUpperCase() },
      { consumer_external_reference: ORDER_EXTERNAL_REFERENCE, consumer_email: "someone.else@example.com" },
    ]);
  });

  it("with an e-mail that is no e-mail address is invalid and makes no call", async () => {
    for (const email of ["", "sam", "sam@", "@example.com"]) {
      expect(await Effect.runPromise(new LookUpOrder(api).execute({ context: SHOP, orderNumber: ORDER_REFERENCE, email }))).toEqual({ state: "invalid" });
    }
    expect(api.calls).toEqual([]);
  });

  it("is failed when the request fails", async () => {
    api.failing = true;
    expect(await Effect.runPromise(new LookUpOrder(api).execute({ context: ADD_ON_SHOP, orderNumber: ORDER_REFERENCE }))).toEqual({ state: "failed" });
  });

  it("FindPreviousOrders resolves to false on any failure (spec §7 get-orders), and to the orders otherwise", async () => {
    const useCase = new FindPreviousOrders(api);
    expect(await Effect.runPromise(useCase.execute({ context: ADD_ON_SHOP, keys: {} }))).toBe(false);
    expect(await Effect.runPromise(useCase.execute({ context: ADD_ON_SHOP, keys: { reference: "987654321" } }))).toBe(false);
    const found = await Effect.runPromise(useCase.execute({ context: ADD_ON_SHOP, keys: { consumer_email: ORDER_EMAIL.toUpperCase() } }));
    expect(found && found.upsell.hospitality.add_on[0]?.cart.package.name).toBe("Hotel De Duinen");
    expect(api.calls[0]).toEqual({ reference: false });
  });
});

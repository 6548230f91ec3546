import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { ProductType } from "../../domain/product.schema.ts";
import {
  cartPanelView,
  checkAllTerms,
  chooseRefund,
  closeCart,
  finishLookup,
  getOrdersParams,
  initialRefundChoice,
  keepSelectedMethod,
  needsNoTicketConfirm,
  orderClick,
  parseOrderNumber,
  paymentPanel,
  payButton,
  placedOrderQuery,
  shouldAutoCloseCart,
  startLookup,
  TERMS_MESSAGE,
  wishlistSaveTransition,
  type TermsInput,
  type WishlistSaveEvent,
  type WishlistSaveState,
} from "../../domain/ordering.ts";

describe("order number lookup", () => {
  test("reads a UUID as consumer_external_reference and 9 digits as reference", () => {
    expect(parseOrderNumber("  #123456789 ")).toEqual({ _tag: "Reference", reference: "123456789" });
    expect(parseOrderNumber("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toEqual({
      _tag: "ConsumerExternalReference",
      consumer_external_reference: "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
    });
    expect(parseOrderNumber("12345678")).toEqual({ _tag: "Invalid" });
    expect(parseOrderNumber("1234567890")).toEqual({ _tag: "Invalid" });
    expect(parseOrderNumber("")).toEqual({ _tag: "Invalid" });
  });

  test.prop([fc.uuid(), fc.constantFrom("", "#", " #", "  ")])("accepts any UUID with whitespace and a leading #", (uuid, prefix) => {
    expect(parseOrderNumber(`${prefix}${uuid} `)).toEqual({ _tag: "ConsumerExternalReference", consumer_external_reference: uuid });
  });

  test.prop([fc.stringMatching(/^\d{9}$/), fc.constantFrom("", "#", " # ")])("accepts any 9-digit reference", (ref, prefix) => {
    expect(parseOrderNumber(prefix + ref)).toEqual({ _tag: "Reference", reference: ref });
  });

  test.prop([fc.string()])("gives invalid for anything that is neither", (s) => {
    const v = s.trim().replace(/^#/, "").trim();
    const ok = /^\d{9}$/.test(v) || /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(v);
    expect(parseOrderNumber(s)._tag === "Invalid").toBe(!ok);
  });

  test("sends the first present identifier to get-orders, else reference false", () => {
    expect(getOrdersParams({ consumer_email: "a@b.nl", reference: "123456789" })).toEqual({ consumer_email: "a@b.nl" });
    expect(getOrdersParams({ reference: "123456789", consumer_external_reference: "u" })).toEqual({ reference: "123456789" });
    expect(getOrdersParams({ consumer_external_reference: "u" })).toEqual({ consumer_external_reference: "u" });
    expect(getOrdersParams({ consumer_email: "" })).toEqual({ reference: false });
  });

  test.prop([fc.record({ consumer_email: fc.option(fc.string()), reference: fc.option(fc.string()), consumer_external_reference: fc.option(fc.string()) })])(
    "always sends exactly one identifier",
    (input) => {
      expect(Object.keys(getOrdersParams(input))).toHaveLength(1);
    },
  );

  test("moves the lookup through invalid, running, failed, no-order and success", () => {
    expect(startLookup(parseOrderNumber("abc"))).toBe("invalid");
    expect(startLookup(parseOrderNumber("123456789"))).toBe("running");
    expect(finishLookup({ _tag: "Failed" })).toBe("failed");
    expect(finishLookup({ _tag: "Found", orderCount: 0 })).toBe("no-order");
    expect(finishLookup({ _tag: "Found", orderCount: 2 })).toBe("success");
  });
});

const allOk: TermsInput = {
  isAtHomeShop: false,
  shippingCountry: "NL",
  shippingPrice: 599,
  termsAccepted: true,
  covidTermsAccepted: true,
  showCovidTerms: true,
  hasMerchandise: true,
  refundAvailable: true,
  hasInsurableProduct: true,
  insuranceChoiceMade: true,
  upgradeMode: false,
  bookingProtectAvailable: false,
  totalAmount: 10_000,
  checkoutErrors: [],
};

const termsArb: fc.Arbitrary<TermsInput> = fc.record({
  isAtHomeShop: fc.boolean(),
  shippingCountry: fc.option(fc.constantFrom("NL", "RU")),
  shippingPrice: fc.constantFrom(0, 599),
  termsAccepted: fc.boolean(),
  covidTermsAccepted: fc.boolean(),
  showCovidTerms: fc.boolean(),
  hasMerchandise: fc.boolean(),
  refundAvailable: fc.boolean(),
  hasInsurableProduct: fc.boolean(),
  insuranceChoiceMade: fc.boolean(),
  upgradeMode: fc.boolean(),
  bookingProtectAvailable: fc.boolean(),
  totalAmount: fc.constantFrom(0, 100, 45_900),
  checkoutErrors: fc.array(fc.record({ code: fc.string(), message: fc.string() }), { maxLength: 3 }),
});

describe("checkAllTerms", () => {
  test("passes when everything is accepted and chosen", () => {
    expect(checkAllTerms(allOk)).toEqual({ messages: [], serverMessages: [], passed: true });
  });

  test("adds each failure's message key", () => {
    expect(checkAllTerms({ ...allOk, termsAccepted: false }).messages).toEqual(["form_terms_not_accepted"]);
    expect(checkAllTerms({ ...allOk, covidTermsAccepted: false }).messages).toEqual(["form_covid_not_accepted"]);
    expect(checkAllTerms({ ...allOk, covidTermsAccepted: false, showCovidTerms: false }).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, shippingCountry: null }).messages).toEqual(["form_no_country_selected"]);
    expect(checkAllTerms({ ...allOk, insuranceChoiceMade: false }).messages).toEqual(["form_no_insurance_choice"]);
    expect(checkAllTerms({ ...allOk, insuranceChoiceMade: false, upgradeMode: true }).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, insuranceChoiceMade: false, upgradeMode: true, bookingProtectAvailable: true }).messages).toEqual(["form_no_insurance_choice"]);
    expect(checkAllTerms({ ...allOk, isAtHomeShop: true, shippingPrice: 0 }).messages).toEqual(["shipping_unavailable"]);
  });

  test("lists the server checkoutErrors", () => {
    const r = checkAllTerms({ ...allOk, checkoutErrors: [{ code: "x", message: "Max 4 tickets" }] });
    expect(r.serverMessages).toEqual(["Max 4 tickets"]);
    expect(r.passed).toBe(true);
  });

  test.prop([termsArb])("fails exactly when some own message key is added, each at most once", (input) => {
    const r = checkAllTerms(input);
    expect(r.passed).toBe(r.messages.length === 0);
    expect(new Set(r.messages).size).toBe(r.messages.length);
    for (const m of r.messages) expect(Object.values(TERMS_MESSAGE)).toContain(m);
    expect(r.serverMessages).toEqual(input.checkoutErrors.map((e) => e.message));
    expect(r.messages.includes("form_terms_not_accepted")).toBe(input.totalAmount > 0 && !input.termsAccepted);
    expect(r.messages.includes("form_no_country_selected")).toBe(input.hasMerchandise && input.shippingCountry === null);
  });
});

describe("order click", () => {
  const types = (...t: ProductType[]) => t;

  test("asks the 6003 confirm for travel without tickets except in an add-on shop", () => {
    expect(needsNoTicketConfirm(types("hotel"), false)).toBe(true);
    expect(needsNoTicketConfirm(types("hotel", "ticket"), false)).toBe(false);
    expect(needsNoTicketConfirm(types("travel"), true)).toBe(false);
    expect(orderClick({ terms: allOk, checkoutAllowed: true, cartTypes: ["travel"], isAddOnShop: false, noTicketsConfirmed: false })).toEqual({ _tag: "ConfirmNoTickets", code: 6003 });
    expect(orderClick({ terms: allOk, checkoutAllowed: true, cartTypes: ["travel"], isAddOnShop: false, noTicketsConfirmed: true })).toEqual({ _tag: "Proceed" });
  });

  test.prop([termsArb, fc.boolean(), fc.subarray<ProductType>(["ticket", "travel", "hotel", "extras"]), fc.boolean(), fc.boolean()])(
    "proceeds only when the terms pass and checkout is allowed",
    (terms, checkoutAllowed, cartTypes, isAddOnShop, confirmed) => {
      const r = orderClick({ terms, checkoutAllowed, cartTypes, isAddOnShop, noTicketsConfirmed: confirmed });
      if (r._tag === "Proceed") {
        expect(checkoutAllowed && checkAllTerms(terms).passed).toBe(true);
      }
      if (r._tag === "ConfirmNoTickets") expect(isAddOnShop || confirmed).toBe(false);
    },
  );
});

describe("refund choice", () => {
  test("starts made in an add-on shop without earlier insurance, else unmade", () => {
    expect(initialRefundChoice(true, false)).toEqual({ _tag: "Made", insured: false });
    expect(initialRefundChoice(true, true)).toEqual({ _tag: "Unmade" });
    expect(initialRefundChoice(false, false)).toEqual({ _tag: "Unmade" });
  });

  test.prop([fc.string({ minLength: 1 }), fc.boolean()])("adds one insurance item for yes and sets 0 for no", (id, yes) => {
    expect(chooseRefund(id, yes)).toEqual({ choice: { _tag: "Made", insured: yes }, update: { productId: id, quantity: yes ? 1 : 0 } });
  });
});

describe("wishlist save", () => {
  test("goes notSaved -> saving -> saved and back to notSaved on a cart change", () => {
    let s: WishlistSaveState = "notSaved";
    s = wishlistSaveTransition(s, "save");
    expect(s).toBe("saving");
    s = wishlistSaveTransition(s, "saved");
    expect(s).toBe("saved");
    expect(wishlistSaveTransition(s, "cartChanged")).toBe("notSaved");
    expect(wishlistSaveTransition("saving", "failed")).toBe("notSaved");
  });

  test.prop([fc.array(fc.constantFrom<WishlistSaveEvent>("save", "saved", "failed", "cartChanged"))])(
    "reaches saved only through saving, and a cart change never leaves it saved",
    (events) => {
      let s: WishlistSaveState = "notSaved";
      for (const e of events) {
        const next = wishlistSaveTransition(s, e);
        if (next === "saved" && s !== "saved") expect(s).toBe("saving");
        if (e === "cartChanged") expect(next).not.toBe("saved");
        s = next;
      }
    },
  );
});

describe("cart status panel", () => {
  test("shows basket and form while shopping and hides them in payment", () => {
    expect(cartPanelView({ status: "shopping", open: true, formRequested: true, isWishlist: false })).toEqual({ showPanel: true, showBasket: true, showForm: true, showCloseButton: true });
    expect(cartPanelView({ status: "in_payment", open: true, formRequested: true, isWishlist: false })).toEqual({ showPanel: true, showBasket: false, showForm: false, showCloseButton: false });
    expect(cartPanelView({ status: "confirmed", open: true, formRequested: true, isWishlist: true })).toEqual({ showPanel: false, showBasket: false, showForm: false, showCloseButton: true });
  });

  test.prop([fc.constantFrom("shopping", "in_payment", "confirmed" as const), fc.boolean(), fc.boolean(), fc.boolean()])(
    "never shows the form outside shopping nor the panel when confirmed",
    (status, open, formRequested, isWishlist) => {
      const v = cartPanelView({ status, open, formRequested, isWishlist });
      if (status !== "shopping") expect(v.showForm || v.showBasket).toBe(false);
      if (status === "confirmed") expect(v.showPanel).toBe(false);
      expect(v.showCloseButton).toBe(status === "shopping" || isWishlist);
    },
  );

  test("hides the form when closing unless confirmed", () => {
    expect(closeCart("shopping", true)).toEqual({ open: false, formShown: false });
    expect(closeCart("confirmed", true)).toEqual({ open: false, formShown: true });
  });

  test("closes by itself when empty or holding only insurance", () => {
    expect(shouldAutoCloseCart([])).toBe(true);
    expect(shouldAutoCloseCart(["insurance"])).toBe(true);
    expect(shouldAutoCloseCart(["insurance", "ticket"])).toBe(false);
  });

  test("shows a spinner, the method form or the finalize button", () => {
    expect(paymentPanel(null)).toEqual({ _tag: "Spinner" });
    expect(paymentPanel({ paymentUri: null })).toEqual({ _tag: "Form" });
    expect(paymentPanel({ paymentUri: "https://pay" })).toEqual({ _tag: "Finalize", paymentUri: "https://pay" });
    expect(payButton([{ name: "No payment required" }])).toEqual({ hideTotal: true, labelKey: "payment.complete_order" });
    expect(payButton([{ name: "iDEAL" }])).toEqual({ hideTotal: false, labelKey: "payment.pay_now" });
    expect(keepSelectedMethod("ideal", [{ uid: "card" }])).toBeNull();
    expect(keepSelectedMethod("card", [{ uid: "card" }])).toBe("card");
  });
});

describe("checkout query after placing the order (spec §4 Placing an order)", () => {
  const key = fc.constantFrom("utm_source", "utm_x", "idt_oss_order_id", "access_id", "cartToken", "policyId", "cartId", "route", "slug", "token", "cart", "other");
  test.prop([fc.array(fc.tuple(key, fc.string()), { maxLength: 8 })])(
    "starts with cart, token and provider, then keeps exactly the utm_, upgrade-link and deep-link cart token and policy parameters in order",
    (pairs) => {
      const current = new URLSearchParams(pairs);
      const next = placedOrderQuery(current, { cartId: "c1", token: "t1", provider: "test" });
      const entries = [...next];
      expect(entries.slice(0, 3)).toEqual([["cart", "c1"], ["token", "t1"], ["provider", "test"]]);
      const kept = pairs.filter(([k]) => k.startsWith("utm_") || ["idt_oss_order_id", "access_id", "cartToken", "policyId"].includes(k));
      expect(entries.slice(3)).toEqual(kept);
    },
  );
});

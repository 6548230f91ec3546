import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { ProductType } from "../../domain/product.schema.ts";
import { cartTermFacts, checkAllTerms, isAtHomeShop, needsNoTicketConfirm, TERMS_MESSAGE, type TermsInput } from "../../domain/order-terms.ts";

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

describe("6003 confirm for travel without tickets", () => {
  const types = (...t: ProductType[]) => t;

  test("asks it for travel without tickets except in an add-on shop", () => {
    expect(needsNoTicketConfirm(types("hotel"), false)).toBe(true);
    expect(needsNoTicketConfirm(types("hotel", "ticket"), false)).toBe(false);
    expect(needsNoTicketConfirm(types("travel"), true)).toBe(false);
  });

  test.prop([fc.subarray<ProductType>(["ticket", "travel", "hotel", "traveladdon", "extras"]), fc.boolean()])(
    "asks it exactly when a travel type is present, no ticket is, and the shop is not an add-on shop",
    (cartTypes, isAddOnShop) => {
      const travel = cartTypes.some((t) => t === "travel" || t === "hotel" || t === "traveladdon");
      expect(needsNoTicketConfirm(cartTypes, isAddOnShop)).toBe(!isAddOnShop && travel && !cartTypes.includes("ticket"));
    },
  );
});

describe("cart term facts (spec §5)", () => {
  test("reads merchandise, an insurable product and insurance from the cart's types", () => {
    expect(cartTermFacts([])).toEqual({ hasMerchandise: false, hasInsurableProduct: false, hasInsurance: false });
    expect(cartTermFacts(["insurance"])).toEqual({ hasMerchandise: false, hasInsurableProduct: false, hasInsurance: true });
    expect(cartTermFacts(["merchandise", "insurance"])).toEqual({ hasMerchandise: true, hasInsurableProduct: true, hasInsurance: true });
    expect(cartTermFacts(["ticket"])).toEqual({ hasMerchandise: false, hasInsurableProduct: true, hasInsurance: false });
  });

  test.prop([fc.array(fc.constantFrom<ProductType>("ticket", "merchandise", "insurance", "extras", "hotel"), { maxLength: 6 })])("agrees with the types it is given", (types) => {
    expect(cartTermFacts(types)).toEqual({
      hasMerchandise: types.some((t) => t === "merchandise"),
      hasInsurableProduct: types.filter((t) => t !== "insurance").length > 0,
      hasInsurance: types.some((t) => t === "insurance"),
    });
  });

  test("knows the at-home shop by its slug only", () => {
    expect(isAtHomeShop("at-home")).toBe(true);
    expect(isAtHomeShop("lowlands")).toBe(false);
    expect(isAtHomeShop("at-home-2")).toBe(false);
  });
});

describe("checkAllTerms, every message in its order (spec §5 Order button)", () => {
  test.prop([termsArb])("adds exactly the failing checks, in the order shipping, terms, covid, country, insurance", (input) => {
    const expected: string[] = [];
    if (input.isAtHomeShop && input.shippingCountry !== null && input.shippingPrice === 0) expected.push("shipping_unavailable");
    if (input.totalAmount > 0 && !input.termsAccepted) expected.push("form_terms_not_accepted");
    if (input.totalAmount > 0 && input.showCovidTerms && !input.covidTermsAccepted) expected.push("form_covid_not_accepted");
    if (input.hasMerchandise && input.shippingCountry === null) expected.push("form_no_country_selected");
    if (input.refundAvailable && input.hasInsurableProduct && !input.insuranceChoiceMade && (!input.upgradeMode || input.bookingProtectAvailable)) {
      expected.push("form_no_insurance_choice");
    }
    expect(checkAllTerms(input).messages).toEqual(expected);
  });

  test("checks no terms boxes on a free cart, and no insurance choice without refund or an insurable product", () => {
    const free = { ...allOk, totalAmount: 0, termsAccepted: false, covidTermsAccepted: false };
    expect(checkAllTerms(free).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, insuranceChoiceMade: false, refundAvailable: false }).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, insuranceChoiceMade: false, hasInsurableProduct: false }).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, isAtHomeShop: true, shippingPrice: 1 }).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, isAtHomeShop: true, shippingCountry: null, shippingPrice: 0, hasMerchandise: false }).messages).toEqual([]);
    expect(checkAllTerms({ ...allOk, totalAmount: 1, termsAccepted: false }).messages).toEqual(["form_terms_not_accepted"]);
  });
});

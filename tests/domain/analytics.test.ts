import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  type AnalyticsLine,
  analyticsItem,
  dataLayerEntries,
  ga4Item,
  itemsValue,
  normaliseEmail,
  quantityChangeEvent,
  wholeQuantity,
} from "../../domain/analytics.ts";
import type { Cents } from "../../domain/money.ts";

const line = (overrides: Partial<AnalyticsLine> = {}): AnalyticsLine => ({
  productId: "ll_ticket_weekend",
  name: "Weekend ticket",
  type: "ticket",
  unitPrice: 21950 as Cents,
  quantity: 2,
  ...overrides,
});

const arbLine = fc.record({
  productId: fc.string({ minLength: 1 }),
  name: fc.string(),
  type: fc.constantFrom("ticket", "merchandise", "travel", "extras"),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c as Cents),
  quantity: fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }), fc.integer({ min: 0, max: 100 }).map(String)),
});

describe("wholeQuantity", () => {
  test("truncates numbers and numeric text to whole numbers, anything else to 0", () => {
    expect(wholeQuantity(2)).toBe(2);
    expect(wholeQuantity(2.9)).toBe(2);
    expect(wholeQuantity("3")).toBe(3);
    expect(wholeQuantity("abc")).toBe(0);
    expect(wholeQuantity(-1)).toBe(0);
    expect(wholeQuantity(Number.NaN)).toBe(0);
  });

  test.prop([fc.oneof(fc.double(), fc.string())])("is always a whole number >= 0", (q) => {
    const n = wholeQuantity(q);
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(0);
  });
});

describe("analyticsItem", () => {
  test("maps a basket line to the spec item data in euros with the shop's brand", () => {
    expect(analyticsItem(line({ variant: "M", roomPrice: 12000 as Cents }), "lowlands")).toEqual({
      name: "Weekend ticket",
      id: "ll_ticket_weekend",
      price: 219.5,
      brand: "lowlands",
      category: "ticket",
      quantity: 2,
      variant: "M",
      roomPrice: 120,
    });
  });

  test.prop([arbLine, fc.string()])("has a whole quantity, the price in euros (cents / 100) and the brand", (l, brand) => {
    const item = analyticsItem(l, brand);
    expect(Number.isInteger(item.quantity)).toBe(true);
    expect(Math.round(item.price * 100)).toBe(l.unitPrice);
    expect(item.brand).toBe(brand);
    expect(ga4Item(item)).toMatchObject({ item_id: l.productId, price: item.price, quantity: item.quantity });
  });
});

describe("itemsValue", () => {
  test.prop([fc.array(arbLine, { maxLength: 10 })])("equals the sum of unit cents x quantity, in euros", (lines) => {
    const items = lines.map((l) => analyticsItem(l, "b"));
    const cents = lines.reduce((sum, l) => sum + l.unitPrice * wholeQuantity(l.quantity), 0);
    expect(Math.round(itemsValue(items) * 100)).toBe(cents);
  });
});

describe("quantityChangeEvent", () => {
  test.prop([fc.nat(20), fc.nat(20)])("adds or removes exactly the difference, and nothing when equal", (from, to) => {
    const event = quantityChangeEvent(line(), from, to, "b");
    if (from === to) {
      expect(event).toBeNull();
      return;
    }
    expect(event?.type).toBe(to > from ? "add_to_cart" : "remove_from_cart");
    expect(event?.items[0]?.quantity).toBe(Math.abs(to - from));
  });
});

describe("dataLayerEntries", () => {
  const item = analyticsItem(line(), "lowlands");

  test("clears the previous ecommerce object, then pushes a GA4 event with currency EUR", () => {
    const [clear, entry] = dataLayerEntries({ type: "view_cart", items: [item] });
    expect(clear).toEqual({ ecommerce: null });
    expect(entry).toEqual({
      event: "view_cart",
      ecommerce: {
        currency: "EUR",
        value: 439,
        items: [{ item_id: "ll_ticket_weekend", item_name: "Weekend ticket", item_brand: "lowlands", item_category: "ticket", price: 219.5, quantity: 2 }],
      },
    });
  });

  test("has no customer on begin_checkout pushed without one (no consent to analytics)", () => {
    const entry = dataLayerEntries({ type: "begin_checkout", items: [] })[1];
    expect(entry).toMatchObject({ event: "begin_checkout" });
    expect(entry).not.toHaveProperty("customer");
  });

  test("carries the customer on begin_checkout, payment_type on add_payment_info and transaction_id on purchase", () => {
    const customer = { firstName: "Sam", lastName: "Visser", email: "sam@example.com", phoneNumber: "+31612345678", address: "Dorpsstraat", streetNumber: "1", postalCode: "1234AB", city: "Biddinghuizen", country: "NL" };
    expect(dataLayerEntries({ type: "begin_checkout", items: [item], customer })[1]).toMatchObject({ event: "begin_checkout", customer });
    expect(dataLayerEntries({ type: "add_payment_info", items: [item], paymentType: "ideal" })[1]).toMatchObject({ ecommerce: { payment_type: "ideal", currency: "EUR" } });
    expect(dataLayerEntries({ type: "purchase", items: [item], transactionId: "123456789" })[1]).toMatchObject({ ecommerce: { transaction_id: "123456789" } });
  });

  test("pushes the legacy checkout, addToCart, removeFromCart and upsellClick events with products in the spec's item names", () => {
    expect(dataLayerEntries({ type: "checkout", items: [item], step: 1 })[1]).toEqual({ event: "checkout", ecommerce: { currencyCode: "EUR", checkout: { actionField: { step: 1 }, products: [item] } } });
    expect(dataLayerEntries({ type: "addToCart", items: [item] })[1]).toEqual({ event: "addToCart", ecommerce: { currencyCode: "EUR", add: { products: [item] } } });
    expect(dataLayerEntries({ type: "removeFromCart", items: [item] })[1]).toEqual({ event: "removeFromCart", ecommerce: { currencyCode: "EUR", remove: { products: [item] } } });
    expect(dataLayerEntries({ type: "upsellClick", items: [item] })[1]).toEqual({ event: "upsellClick", ecommerce: { currencyCode: "EUR", click: { products: [item] } } });
  });

  test("normalises e-mail addresses before hashing", () => {
    expect(normaliseEmail("  Sam.Visser@Example.COM ")).toBe("sam.visser@example.com");
  });
});

describe("ga4Item optional fields", () => {
  test("carries item_variant and roomPrice only when the item has them", () => {
    const base = { id: "p1", name: "Shirt", brand: "lowlands", category: "merchandise", price: 25, quantity: 2 };
    expect(ga4Item({ ...base, variant: "M", roomPrice: 120 })).toEqual({
      item_id: "p1", item_name: "Shirt", item_brand: "lowlands", item_category: "merchandise", price: 25, quantity: 2, item_variant: "M", roomPrice: 120,
    });
    expect(ga4Item(base)).toStrictEqual({ item_id: "p1", item_name: "Shirt", item_brand: "lowlands", item_category: "merchandise", price: 25, quantity: 2 });
  });
});

describe("dataLayerEntries of the GA4 cart events", () => {
  const item = analyticsItem(line(), "lowlands");
  test.each(["add_to_cart", "remove_from_cart", "view_cart"] as const)("pushes %s with the GA4 ecommerce object", (type) => {
    expect(dataLayerEntries({ type, items: [item] })).toEqual([
      { ecommerce: null },
      { event: type, ecommerce: { currency: "EUR", value: itemsValue([item]), items: [ga4Item(item)] } },
    ]);
  });
});

describe("analyticsItem optional fields", () => {
  test("has no variant or roomPrice key when the line has none", () => {
    const item = analyticsItem(line(), "b");
    expect(Object.keys(item)).not.toContain("variant");
    expect(Object.keys(item)).not.toContain("roomPrice");
  });
});

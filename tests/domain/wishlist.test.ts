import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { Cents } from "../../domain/money.ts";
import { type PricingContext, priceBasket, shopPricingContext } from "../../domain/pricing.ts";
import type { Product, ProductType } from "../../domain/product.schema.ts";
import {
  WISHLIST_GROUP_ORDER,
  wishlistCartChanges,
  wishlistFillModeOf,
  wishlistGroupOf,
  wishlistModalDelayMs,
  type WishlistTable,
  wishlistTable,
} from "../../domain/wishlist.ts";
import { aProduct, catalogueWithCartArb, centsArb } from "./arbitraries.ts";

const contextArb: fc.Arbitrary<PricingContext> = fc.record({
  showDetailedServiceFees: fc.boolean(),
  orderServiceFee: centsArb(2_000),
  wishlistFee: fc.option(centsArb(1_000), { nil: undefined }),
});

/** A catalogue, a saved wishlist over it (the cart of catalogueWithCartArb plus ids the shop no longer sells) and some products sold out since. */
const wishlistArb = catalogueWithCartArb.chain(({ products, cart }) =>
  fc
    .record({
      gone: fc.dictionary(fc.constantFrom("gone-1", "gone-2"), fc.integer({ min: 1, max: 5 })),
      soldOut: fc.subarray(products.map((p) => p.id)),
    })
    .map(({ gone, soldOut }) => ({
      products: products.map((p): Product => (soldOut.includes(p.id) ? { ...p, soldOut: true } : p)),
      wishlist: { ...cart, ...gone } as Record<string, number>,
    })),
);

/** A cart's products map: ids from a small set, quantities 0..6 (0 as a stale entry). */
const quantitiesArb = fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e"), fc.integer({ min: 0, max: 6 }));

/** The cart after PUT /carts/{cartId}/products with each change in order (0 removes). */
const apply = (cart: Readonly<Record<string, number>>, changes: ReadonlyArray<{ productId: string; quantity: number }>) => {
  const next: Record<string, number> = { ...cart };
  for (const { productId, quantity } of changes) {
    if (quantity === 0) delete next[productId];
    else next[productId] = quantity;
  }
  return next;
};
/** The row totals and fee rows of a table, summed (cents). */
const wishlistTableSum = (table: WishlistTable): number =>
  [...table.groups.flatMap((g) => g.rows.map((r) => r.total)), ...Object.values(table.fees)].reduce((n, c) => n + c, 0);
const positive = (cart: Readonly<Record<string, number>>) => Object.fromEntries(Object.entries(cart).filter(([, q]) => q > 0));

describe("wishlistModalDelayMs (spec §4 'a random 1 to 10 s delay')", () => {
  test("maps 0 to 1 s, the middle to 5.5 s and just under 1 to 10 s", () => {
    expect(wishlistModalDelayMs(0)).toBe(1000);
    expect(wishlistModalDelayMs(0.5)).toBe(5500);
    expect(wishlistModalDelayMs(1 - Number.EPSILON)).toBe(10_000);
  });

  test.prop([fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })])("gives whole milliseconds from 1000 to 10000 for every random number in [0, 1)", (r) => {
    const ms = wishlistModalDelayMs(r);
    expect(Number.isInteger(ms)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThanOrEqual(10_000);
  });

  test.prop([fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })])(
    "never waits less for a larger random number",
    (a, b) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      expect(wishlistModalDelayMs(low)).toBeLessThanOrEqual(wishlistModalDelayMs(high));
    },
  );

  test.prop([fc.double()])("keeps any other number (negative, 1 and above, NaN, infinities) within 1 to 10 s", (r) => {
    const ms = wishlistModalDelayMs(r);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThanOrEqual(10_000);
  });
});

describe("wishlistGroupOf (spec §2 Other layers)", () => {
  test("groups the product types as the spec's list: tickets, travel & stay, bus, extra transport, extras, merchandise, insurance", () => {
    const expected: Record<ProductType, string | null> = {
      ticket: "tickets",
      travel: "travel",
      hotel: "travel",
      traveladdon: "travel",
      transportation: "transportation",
      bus_travel: "transportation",
      comparetransport: "comparetransport",
      extras: "extras",
      addons: "extras",
      merchandise: "merchandise",
      insurance: "insurance",
      membership: null,
      upgrade: null,
      reference: null,
    };
    for (const [type, group] of Object.entries(expected)) expect(wishlistGroupOf(type as ProductType), type).toBe(group);
    expect(WISHLIST_GROUP_ORDER).toEqual(["tickets", "travel", "transportation", "comparetransport", "extras", "merchandise", "insurance"]);
  });

  test("restores in pre-registration (the cart is the wishlist) and fills in a sale", () => {
    expect(wishlistFillModeOf({ preregistration: true })).toBe("restore");
    expect(wishlistFillModeOf({ preregistration: false })).toBe("fill");
  });
});

describe("wishlistTable: the demo pre-registration's example", () => {
  const weekend = aProduct({ id: "llp_ticket_weekend", type: "ticket", name: "Weekend ticket 2028", price: 23500 as Cents });
  const locker = aProduct({ id: "llp_extra_locker", type: "extras", name: "Locker 2028", price: 1500 as Cents });
  const shirt = aProduct({ id: "llp_shirt", type: "merchandise", name: "Shirt", price: 2500 as Cents, soldOut: true });
  const pricing = shopPricingContext({ showDetailedServiceFees: false, orderServiceFee: 250 as Cents, preregistration: true, orderServiceFeeWishlist: 150 as Cents });

  test("lists 2 × € 235,00 tickets and 1 × € 15,00 locker, adds service fee € 2,50 and wishlist fee € 1,50: € 489,00", () => {
    const table = wishlistTable([weekend, locker, shirt], { llp_extra_locker: 1, llp_ticket_weekend: 2, llp_shirt: 1, llp_gone: 3 }, pricing);
    expect(table.groups).toEqual([
      { group: "tickets", rows: [{ productId: "llp_ticket_weekend", name: "Weekend ticket 2028", count: 2, unitPrice: 23500, total: 47000 }] },
      { group: "extras", rows: [{ productId: "llp_extra_locker", name: "Locker 2028", count: 1, unitPrice: 1500, total: 1500 }] },
    ]);
    expect(table.fees).toEqual({ serviceFee: 250, orderFee: 0, touristTax: 0, entertainmentTax: 0, wishlistFee: 150 });
    expect(table.total).toBe(48900);
    expect(table.soldOut).toEqual([{ productId: "llp_shirt", name: "Shirt" }]);
    expect(table.products).toEqual({ llp_extra_locker: 1, llp_ticket_weekend: 2 });
  });

  test("lists nothing and totals 0 when nothing of the wishlist is on sale any more", () => {
    const table = wishlistTable([shirt], { llp_shirt: 1, llp_gone: 2 }, pricing);
    expect(table.groups).toEqual([]);
    expect(table.total).toBe(0);
    expect(table.fees.wishlistFee).toBe(0);
    expect(table.products).toEqual({});
  });

  test("prices insurance as one row of refund protection (6.5 % of the items plus the order service fee)", () => {
    const insurance = aProduct({ id: "ins", type: "insurance", name: "Refund protection", meta: { percentage: 6.5 } });
    const table = wishlistTable([weekend, insurance], { llp_ticket_weekend: 2, ins: 1 }, pricing);
    // spec §9 refund protection: 6.5 % of (470,00 + 2,50) = 30,7125 -> € 30,71
    expect(table.groups.at(-1)).toEqual({ group: "insurance", rows: [{ productId: "ins", name: "Refund protection", count: 1, unitPrice: 3071, total: 3071 }] });
    expect(table.total).toBe(47000 + 250 + 150 + 3071);
  });

  test("leaves memberships and upgrades out", () => {
    const membership = aProduct({ id: "member", type: "membership", price: 1000 as Cents });
    const upgrade = aProduct({ id: "vip", type: "upgrade", price: 1000 as Cents });
    const table = wishlistTable([weekend, membership, upgrade], { llp_ticket_weekend: 1, member: 1, vip: 1 }, pricing);
    expect(table.groups.flatMap((g) => g.rows.map((r) => r.productId))).toEqual(["llp_ticket_weekend"]);
    expect(table.products).toEqual({ llp_ticket_weekend: 1 });
  });
});

describe("wishlistTable: rules", () => {
  test.prop([wishlistArb, contextArb])("shows the groups in the spec's order, none empty", ({ products, wishlist }, pricing) => {
    const table = wishlistTable(products, wishlist, pricing);
    const order = table.groups.map((g) => WISHLIST_GROUP_ORDER.indexOf(g.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
    for (const g of table.groups) expect(g.rows.length).toBeGreaterThan(0);
  });

  test.prop([wishlistArb, contextArb])("lists only products on sale, each in its type's group, with total = count × price", ({ products, wishlist }, pricing) => {
    const table = wishlistTable(products, wishlist, pricing);
    for (const { group, rows } of table.groups) {
      for (const row of rows) {
        const product = products.find((p) => p.id === row.productId);
        expect(product, row.productId).toBeDefined();
        expect(product!.soldOut).toBe(false);
        expect(wishlistGroupOf(product!.type)).toBe(group);
        expect(row.total).toBe(row.count * row.unitPrice);
      }
    }
  });

  test.prop([wishlistArb, contextArb])("makes the rows plus the fee rows equal the grand total, never negative", ({ products, wishlist }, pricing) => {
    const table = wishlistTable(products, wishlist, pricing);
    expect(wishlistTableSum(table)).toBe(table.total);
    expect(table.total).toBeGreaterThanOrEqual(0);
  });

  test.prop([wishlistArb, contextArb])("totals what a cart of exactly the listed products totals (domain priceBasket)", ({ products, wishlist }, pricing) => {
    const table = wishlistTable(products, wishlist, pricing);
    expect(table.total).toBe(priceBasket(products, table.products, pricing).total);
  });

  test.prop([wishlistArb, contextArb])("fills exactly the listed rows with their counts, and names the sold-out products it leaves out", ({ products, wishlist }, pricing) => {
    const table = wishlistTable(products, wishlist, pricing);
    const rows = table.groups.flatMap((g) => g.rows);
    expect(table.products).toEqual(Object.fromEntries(rows.map((r) => [r.productId, r.count])));
    const soldOutInWishlist = products.filter((p) => p.soldOut && (wishlist[p.id] ?? 0) > 0 && wishlistGroupOf(p.type) !== null).map((p) => p.id);
    expect(table.soldOut.map((s) => s.productId).sort()).toEqual(soldOutInWishlist.sort());
    expect(rows.some((r) => r.productId.startsWith("gone-"))).toBe(false);
  });
});

describe("wishlistCartChanges (spec §7 PUT /carts/{cartId}/products)", () => {
  test("restores a wishlist of 2 weekend tickets into a cart with 1 camping ticket: camping to 0 first, then weekend to 2", () => {
    expect(wishlistCartChanges({ weekend: 2 }, { camping: 1 }, "restore")).toEqual([
      { productId: "camping", quantity: 0 },
      { productId: "weekend", quantity: 2 },
    ]);
    expect(wishlistCartChanges({ weekend: 2 }, { camping: 1 }, "fill")).toEqual([{ productId: "weekend", quantity: 2 }]);
  });

  test.prop([quantitiesArb, quantitiesArb])("fill sets every wishlist quantity and keeps the cart's other products", (target, cart) => {
    const wished = positive(target);
    const after = apply(cart, wishlistCartChanges(wished, cart, "fill"));
    for (const [id, q] of Object.entries(wished)) expect(after[id]).toBe(q);
    for (const [id, q] of Object.entries(cart)) if (!(id in wished)) expect(after[id]).toBe(q);
  });

  test.prop([quantitiesArb, quantitiesArb])("restore makes the cart the wishlist", (target, cart) => {
    const wished = positive(target);
    expect(positive(apply(cart, wishlistCartChanges(wished, cart, "restore")))).toEqual(wished);
  });

  test.prop([quantitiesArb, quantitiesArb, fc.constantFrom("fill" as const, "restore" as const)])(
    "changes only what differs, lowers before it raises, and asks nothing more once applied",
    (target, cart, mode) => {
      const wished = positive(target);
      const changes = wishlistCartChanges(wished, cart, mode);
      const held = (id: string) => cart[id] ?? 0;
      for (const c of changes) expect(c.quantity).not.toBe(held(c.productId));
      const firstRaise = changes.findIndex((c) => c.quantity > held(c.productId));
      if (firstRaise >= 0) for (const c of changes.slice(firstRaise)) expect(c.quantity).toBeGreaterThan(held(c.productId));
      expect(wishlistCartChanges(wished, apply(cart, changes), mode)).toEqual([]);
    },
  );
});

describe("wishlist edges", () => {
  test("leaves a product wished at zero out of the fill quantities", () => {
    const weekend = aProduct({ id: "w", type: "ticket", price: 100 as Cents });
    const shirt = aProduct({ id: "s", type: "merchandise", price: 50 as Cents });
    const pricing = shopPricingContext({ showDetailedServiceFees: false, orderServiceFee: 0 as Cents, preregistration: false });
    expect(wishlistTable([weekend, shirt], { w: 1, s: 0 }, pricing).products).toEqual({ w: 1 });
  });

  test("changes only differing quantities, removes only held products outside the target in restore mode, none in fill mode", () => {
    expect(wishlistCartChanges({ a: 2 }, { a: 2 }, "fill")).toEqual([]);
    expect(wishlistCartChanges({ a: 2 }, { a: 2, b: 1 }, "fill")).toEqual([]);
    expect(wishlistCartChanges({ a: 2 }, { a: 2, b: 1, c: 0 }, "restore")).toEqual([{ productId: "b", quantity: 0 }]);
    expect(wishlistCartChanges({ a: 3, b: 1 }, { a: 1, b: 2 }, "fill")).toEqual([{ productId: "b", quantity: 1 }, { productId: "a", quantity: 3 }]);
  });
});

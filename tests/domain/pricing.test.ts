/*
 * Rounding rule: money is integer euro cents (domain/money.ts). Euros from the wire become cents by rounding half
 * away from zero at the cent (eurosToCents); the one computed percentage (refund protection) rounds half up at the
 * cent (Math.round). Every other amount is a sum or a product of whole cents, so it is exact.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { Cents } from "../../domain/money.ts";
import {
  BASKET_GROUP_ORDER,
  discountBlock,
  itemPriceFacts,
  lineUnitPrice,
  priceBasket,
  refundProtectionPrice,
  TRANSPORT_ORDER_FEE,
  type PricingContext,
} from "../../domain/pricing.ts";
import { aProduct, catalogueWithCartArb, centsArb, otherProductArb, ticketArb } from "./arbitraries.ts";

const contextArb: fc.Arbitrary<PricingContext> = fc.record({
  showDetailedServiceFees: fc.boolean(),
  orderServiceFee: centsArb(2_000),
  shippingPrice: fc.option(centsArb(5_250), { nil: undefined }),
  upgradeDiscount: fc.option(centsArb(100_000), { nil: undefined }),
  wishlistFee: fc.option(centsArb(1_000), { nil: undefined }),
  ignoreOrderFee: fc.option(fc.boolean(), { nil: undefined }),
});

const weekendTicket = aProduct({
  id: "weekend",
  type: "ticket",
  price: 22950 as Cents,
  priceExcludingServiceCosts: 21950 as Cents,
  serviceCosts: 1000 as Cents,
  meta: { mentionEntertainmentFee: true, entertainmentFeeAmount: 450 as Cents },
});

describe("priceBasket: spec example", () => {
  test("prices 2 weekend tickets as 2 x 215.00 + service fee 20.00 + entertainment tax 9.00 = 459.00", () => {
    const basket = priceBasket([weekendTicket], { weekend: 2 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    const line = basket.groups[0]!.lines[0]!;
    expect(line.unitPrice).toBe(21500);
    expect(line.quantity).toBe(2);
    expect(line.total).toBe(43000);
    expect(basket.serviceFee).toBe(2000);
    expect(basket.entertainmentTax).toBe(900);
    expect(basket.total).toBe(45900);
  });
});

describe("priceBasket: rules", () => {
  test.prop([catalogueWithCartArb, contextArb])("lists groups in spec order with no empty group", ({ products, cart }, ctx) => {
    const basket = priceBasket(products, cart, ctx);
    const order = basket.groups.map((g) => BASKET_GROUP_ORDER.indexOf(g.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const g of basket.groups) expect(g.lines.length).toBeGreaterThan(0);
  });

  test.prop([catalogueWithCartArb, contextArb])("makes lines plus fee rows equal the subtotal", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    const lines = b.groups.flatMap((g) => g.lines).reduce((n, l) => n + l.total, 0);
    expect(lines + b.serviceFee + b.orderFee + b.touristTax + b.entertainmentTax + b.shipping + b.refundProtection).toBe(b.subtotal);
  });

  test.prop([catalogueWithCartArb, contextArb])("never gives a negative total or subtotal", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    expect(b.total).toBeGreaterThanOrEqual(0);
    expect(b.totalExcludingServiceCosts).toBeGreaterThanOrEqual(0);
    expect(b.subtotal).toBeGreaterThanOrEqual(0);
  });

  test.prop([catalogueWithCartArb, contextArb])("takes the upgrade discount off the total, not the subtotal, and adds the wishlist fee", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    const withoutDiscount = priceBasket(products, cart, { ...ctx, upgradeDiscount: 0 as Cents, wishlistFee: 0 as Cents });
    expect(b.subtotal).toBe(withoutDiscount.subtotal);
    if (b.itemCount > 0 && !ctx.ignoreOrderFee) {
      expect(b.total).toBe(Math.max(0, b.subtotal - (ctx.upgradeDiscount ?? 0) + (ctx.wishlistFee ?? 0)));
      expect(b.wishlistFee).toBe(ctx.wishlistFee ?? 0);
    } else if (b.itemCount === 0) {
      expect(b.wishlistFee).toBe(0);
    }
  });

  test.prop([catalogueWithCartArb, contextArb])("switches the total to the one without service costs with ignoreOrderFee", ({ products, cart }, ctx) => {
    const on = priceBasket(products, cart, { ...ctx, ignoreOrderFee: true });
    const off = priceBasket(products, cart, { ...ctx, ignoreOrderFee: false });
    expect(on.total).toBe(off.totalExcludingServiceCosts);
    expect(off.totalExcludingServiceCosts).toBe(Math.max(0, off.total - off.serviceFee));
  });

  test.prop([catalogueWithCartArb, contextArb])("charges the detailed service fee as the sum of ticket serviceCosts times quantity", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, { ...ctx, showDetailedServiceFees: true });
    const expected = products
      .filter((p) => p.type === "ticket" && (cart[p.id] ?? 0) > 0)
      .reduce((n, p) => n + (p.serviceCosts ?? 0) * cart[p.id]!, 0);
    expect(b.serviceFee).toBe(expected);
  });

  test.prop([catalogueWithCartArb, contextArb])("charges orderServiceFee as the service fee outside detailed mode when the cart has lines", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, { ...ctx, showDetailedServiceFees: false });
    expect(b.serviceFee).toBe(b.itemCount > 0 ? ctx.orderServiceFee : 0);
  });

  test.prop([catalogueWithCartArb, contextArb])("adds the 500-cent order fee exactly when transportation not prefixed paylogic is in the cart", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    const hasTransport = products.some(
      (p) => (p.type === "transportation" || p.type === "bus_travel") && (cart[p.id] ?? 0) > 0 && !p.id.startsWith("paylogic"),
    );
    expect(b.orderFee).toBe(hasTransport ? TRANSPORT_ORDER_FEE : 0);
  });

  test.prop([catalogueWithCartArb, contextArb])("prices a ticket line as priceExcludingServiceCosts minus tourist tax minus the flagged entertainment fee", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    for (const line of b.groups.flatMap((g) => g.lines).filter((l) => l.type === "ticket")) {
      const p = products.find((x) => x.id === line.productId)!;
      const tourist = p.meta?.calculateTouristTax ? (p.meta.touristTaxAmount ?? 0) : 0;
      const ent = p.meta?.mentionEntertainmentFee ? (p.meta.entertainmentFeeAmount ?? 0) : 0;
      expect(line.unitPrice).toBe((p.priceExcludingServiceCosts ?? p.price) - tourist - ent);
      expect(line.total).toBe(line.unitPrice * line.quantity);
    }
  });

  test.prop([catalogueWithCartArb, contextArb])("prices refund protection as the percentage of items at full price plus the order service fee", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    const ins = products.find((p) => p.type === "insurance");
    const lines = b.groups.flatMap((g) => g.lines);
    if (!ins || !(cart[ins.id]! > 0) || lines.length === 0) {
      expect(b.refundProtection).toBe(0);
      return;
    }
    const full = lines.reduce((n, l) => n + products.find((p) => p.id === l.productId)!.price * l.quantity, 0);
    const insured = full + (ctx.showDetailedServiceFees ? 0 : ctx.orderServiceFee);
    expect(b.refundProtection).toBe(Math.round((insured * (ins.meta?.percentage ?? 0)) / 100));
  });

  test.prop([catalogueWithCartArb, contextArb])("counts shipping only with merchandise in the cart", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    const merch = b.groups.some((g) => g.group === "merchandise");
    expect(b.shipping).toBe(merch ? (ctx.shippingPrice ?? 0) : 0);
  });

  test.prop([fc.array(fc.oneof(fc.constant(0), fc.integer({ min: -5, max: 0 })), { maxLength: 4 }), contextArb])(
    "totals 0 for an empty cart whatever the fees and discounts",
    (quantities, ctx) => {
      const cart = Object.fromEntries(quantities.map((q, i) => [`t${i}`, q]));
      const products = quantities.map((_, i) => aProduct({ id: `t${i}`, type: "ticket", price: 1000 as Cents }));
      const b = priceBasket(products, cart, ctx);
      expect(b.total).toBe(0);
      expect(b.subtotal).toBe(0);
      expect(b.groups).toEqual([]);
      expect(b.itemCount).toBe(0);
    },
  );

  test("ignores unknown ids, reference products and the insurance quantity", () => {
    const ins = aProduct({ id: "ins", type: "insurance", meta: { percentage: 10 } });
    const ref = aProduct({ id: "ref", type: "reference", price: 999 as Cents });
    const extra = aProduct({ id: "x", type: "extras", price: 1000 as Cents });
    const b = priceBasket([ins, ref, extra], { ins: 3, ref: 1, ghost: 2, x: 1 }, { showDetailedServiceFees: false, orderServiceFee: 0 as Cents });
    expect(b.itemCount).toBe(1);
    expect(b.refundProtection).toBe(100);
    expect(b.total).toBe(1100);
  });

  test("does not add the order fee for paylogic transportation", () => {
    const bus = aProduct({ id: "paylogic-bus", type: "transportation", price: 2000 as Cents });
    expect(priceBasket([bus], { "paylogic-bus": 1 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents }).orderFee).toBe(0);
    const bus2 = aProduct({ id: "bus", type: "bus_travel", price: 2000 as Cents });
    expect(priceBasket([bus2], { bus: 1 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents }).total).toBe(2500);
  });
});

describe("refundProtectionPrice and lineUnitPrice", () => {
  test("rounds the refund protection half up at the cent", () => {
    expect(refundProtectionPrice(6.5, 10_000 as Cents)).toBe(650);
    expect(refundProtectionPrice(5, 10 as Cents)).toBe(1);
    expect(refundProtectionPrice(5, 9 as Cents)).toBe(0);
  });

  test.prop([fc.integer({ min: 0, max: 100 }), centsArb()])("keeps refund protection within 0 and the insured amount", (pct, amount) => {
    const r = refundProtectionPrice(pct, amount);
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThanOrEqual(amount);
  });

  test.prop([centsArb()])("prices non-ticket lines at their price", (price) => {
    expect(lineUnitPrice(aProduct({ id: "m", type: "merchandise", price, priceExcludingServiceCosts: 1 as Cents }))).toBe(price);
  });
});

describe("priceBasket: laws", () => {
  test.prop([catalogueWithCartArb, contextArb])("never gives a negative amount in any row or total", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    for (const amount of [b.total, b.totalExcludingServiceCosts, b.subtotal, b.serviceFee, b.orderFee, b.touristTax, b.entertainmentTax, b.shipping, b.refundProtection, b.wishlistFee, b.discount]) {
      expect(amount).toBeGreaterThanOrEqual(0);
    }
    for (const line of b.groups.flatMap((g) => g.lines)) expect(line.total).toBeGreaterThanOrEqual(0);
  });

  test.prop([catalogueWithCartArb, contextArb])("makes lines plus fees equal the total without discount, wishlist fee or ignoreOrderFee", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, { ...ctx, upgradeDiscount: undefined, wishlistFee: undefined, ignoreOrderFee: false });
    const lines = b.groups.flatMap((g) => g.lines).reduce((n, l) => n + l.total, 0);
    expect(lines + b.serviceFee + b.orderFee + b.touristTax + b.entertainmentTax + b.shipping + b.refundProtection).toBe(b.total);
  });

  test.prop([
    catalogueWithCartArb.chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray(Object.entries(c.cart), { minLength: Object.keys(c.cart).length }))),
    contextArb,
  ])("does not depend on the order in which products were added", ([{ products, cart }, permuted], ctx) => {
    // Every amount, and the lines of every group as a set; only the order of lines inside a group follows the cart.
    const canonical = (b: ReturnType<typeof priceBasket>) => ({
      ...b,
      groups: b.groups.map((g) => ({ group: g.group, lines: [...g.lines].sort((x, y) => x.productId.localeCompare(y.productId)) })),
    });
    expect(canonical(priceBasket(products, Object.fromEntries(permuted), ctx))).toEqual(canonical(priceBasket(products, cart, ctx)));
  });

  test.prop([catalogueWithCartArb, contextArb])("counts every listed unit and lists each line in the group of its type", ({ products, cart }, ctx) => {
    const b = priceBasket(products, cart, ctx);
    const listed = products.filter((p) => p.type !== "insurance" && (cart[p.id] ?? 0) > 0);
    expect(b.itemCount).toBe(listed.reduce((n, p) => n + cart[p.id]!, 0));
    const lines = b.groups.flatMap((g) => g.lines.map((l) => ({ group: g.group, l })));
    expect(lines).toHaveLength(listed.length);
    for (const { group, l } of lines) {
      expect(l.group).toBe(group);
      const p = products.find((x) => x.id === l.productId)!;
      expect(l.name).toBe(p.title ?? p.name);
      expect(l.type).toBe(p.type);
      expect(l.quantity).toBe(cart[p.id]);
    }
  });

  test("groups each product type under its spec basket group", () => {
    const types = ["upgrade", "membership", "ticket", "travel", "hotel", "traveladdon", "addons", "transportation", "bus_travel", "merchandise", "extras", "comparetransport"] as const;
    const products = types.map((type) => aProduct({ id: `x-${type}`, type, price: 100 as Cents, title: `T ${type}` }));
    const b = priceBasket(products, Object.fromEntries(products.map((p) => [p.id, 1])), { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    expect(b.groups.map((g) => [g.group, g.lines.map((l) => l.type)])).toEqual([
      ["upgrades", ["upgrade"]],
      ["memberships", ["membership"]],
      ["tickets", ["ticket"]],
      ["travel", ["travel", "hotel", "traveladdon"]],
      ["addons", ["addons"]],
      ["transportation", ["transportation", "bus_travel"]],
      ["merchandise", ["merchandise"]],
      ["extras", ["extras"]],
      ["comparetransport", ["comparetransport"]],
    ]);
    expect(b.groups[0]!.lines[0]!.name).toBe("T upgrade");
  });

  test("ignores fractional quantities and counts the tourist tax only when calculated", () => {
    const t = aProduct({
      id: "t", type: "ticket", price: 10_000 as Cents,
      meta: { calculateTouristTax: true, touristTaxAmount: 250 as Cents, mentionEntertainmentFee: false, entertainmentFeeAmount: 400 as Cents },
    });
    const x = aProduct({ id: "x", type: "extras", price: 700 as Cents });
    const b = priceBasket([t, x], { t: 2, x: 1.5 }, { showDetailedServiceFees: false, orderServiceFee: 300 as Cents });
    expect(b.itemCount).toBe(2);
    expect(b.touristTax).toBe(500);
    expect(b.entertainmentTax).toBe(0);
    expect(b.groups[0]!.lines[0]!.unitPrice).toBe(9_750);
    expect(b.total).toBe(2 * 9_750 + 500 + 300);
    expect(b.totalExcludingServiceCosts).toBe(2 * 9_750 + 500);
  });

  test("uses price when a ticket has no priceExcludingServiceCosts and no fees without meta", () => {
    expect(lineUnitPrice(aProduct({ id: "t", type: "ticket", price: 4_200 as Cents }))).toBe(4_200);
    expect(lineUnitPrice(aProduct({ id: "t", type: "ticket", price: 4_200 as Cents, meta: { calculateTouristTax: true, mentionEntertainmentFee: true } }))).toBe(4_200);
  });

  test("keeps the discount at zero for an empty cart and floors the total at zero", () => {
    const empty = priceBasket([], {}, { showDetailedServiceFees: false, orderServiceFee: 300 as Cents, upgradeDiscount: 900 as Cents, wishlistFee: 100 as Cents });
    expect(empty.discount).toBe(0);
    expect(empty.serviceFee).toBe(0);
    const x = aProduct({ id: "x", type: "extras", price: 700 as Cents });
    const b = priceBasket([x], { x: 1 }, { showDetailedServiceFees: false, orderServiceFee: 300 as Cents, upgradeDiscount: 5_000 as Cents });
    expect(b.discount).toBe(5_000);
    expect(b.total).toBe(0);
    expect(b.totalExcludingServiceCosts).toBe(0);
  });
});

describe("discountBlock (spec §2 Basket screen subtotal and discount block, §7 vouchers)", () => {
  test("shows a voucher's discount as what the cart's total is below the basket and its hotel bookings", () => {
    const basket = priceBasket([weekendTicket], { weekend: 2 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    expect(basket.total).toBe(45900);
    expect(discountBlock(basket, 37800 as Cents, (45900 + 37800 - 4590) as Cents)).toEqual({ shown: true, subtotal: 83700, upgradeDiscount: 0, voucherDiscount: 4590 });
    expect(discountBlock(basket, 0 as Cents, 45900 as Cents)).toEqual({ shown: false, subtotal: 45900, upgradeDiscount: 0, voucherDiscount: 0 });
  });

  test.prop([catalogueWithCartArb, contextArb, centsArb(100_000), centsArb(200_000)])(
    "makes subtotal minus the discounts equal the cart's total whenever that total is at most the basket's, and never shows a negative discount",
    ({ products, cart }, ctx, travelTotal, off) => {
      const basket = priceBasket(products, cart, { ...ctx, wishlistFee: undefined, ignoreOrderFee: false });
      const cartTotal = Math.max(0, basket.total + travelTotal - off) as Cents;
      const block = discountBlock(basket, travelTotal, cartTotal);
      expect(block.voucherDiscount).toBeGreaterThanOrEqual(0);
      expect(block.shown).toBe(block.upgradeDiscount > 0 || block.voucherDiscount > 0);
      if (basket.subtotal >= basket.discount) expect(block.subtotal - block.upgradeDiscount - block.voucherDiscount).toBe(cartTotal);
      // A cart total above the basket (e.g. a hotel booking not read yet) shows no voucher discount.
      expect(discountBlock(basket, travelTotal, (basket.total + travelTotal + 1) as Cents).voucherDiscount).toBe(0);
    },
  );
});

describe("fees and taxes come from ticket lines only (spec §9)", () => {
  test("an extra carrying service costs and tax fields adds no service fee, tourist tax or entertainment fee", () => {
    const taxed = { calculateTouristTax: true, touristTaxAmount: 100 as Cents, mentionEntertainmentFee: true, entertainmentFeeAmount: 50 as Cents };
    const extra = aProduct({ id: "x", type: "extras", price: 1_000 as Cents, serviceCosts: 200 as Cents, meta: taxed });
    const ticket = aProduct({ id: "t", type: "ticket", price: 5_300 as Cents, priceExcludingServiceCosts: 5_000 as Cents, serviceCosts: 300 as Cents, meta: taxed });
    const basket = priceBasket([extra, ticket], { x: 2, t: 1 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    expect(basket.serviceFee).toBe(300);
    expect(basket.touristTax).toBe(100);
    expect(basket.entertainmentTax).toBe(50);
    expect(priceBasket([extra], { x: 2 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents })).toMatchObject({ serviceFee: 0, touristTax: 0, entertainmentTax: 0, total: 2_000 });
  });
});

describe("refund protection of an insurance product without meta", () => {
  test("costs nothing", () => {
    const ticket = aProduct({ id: "t", type: "ticket", price: 5_000 as Cents });
    const insurance = aProduct({ id: "ins", type: "insurance", price: 0 as Cents });
    expect(priceBasket([ticket, insurance], { t: 1, ins: 1 }, { showDetailedServiceFees: false, orderServiceFee: 0 as Cents }).refundProtection).toBe(0);
  });
});

describe("itemPriceFacts: the price on an item is the price in the cart (spec §2 Item screens, §9)", () => {
  test("Lowlands Lights (detailed service fees): the weekend ticket's € 229,50 includes € 10,00 service costs, nothing per order", () => {
    expect(itemPriceFacts(weekendTicket, { showDetailedServiceFees: true, orderServiceFee: 250 as Cents })).toEqual({
      price: 22950, includedServiceCosts: 1000, serviceFeePerOrder: 0, orderFeePerOrder: 0,
    });
  });

  test("Harbour Sounds (a service fee per order): € 149,00 with € 2,50 per order, as the cart's € 151,50", () => {
    const harbour = aProduct({ id: "hs_ticket_weekend", type: "ticket", price: 14900 as Cents });
    const context = { showDetailedServiceFees: false, orderServiceFee: 250 as Cents };
    expect(itemPriceFacts(harbour, context)).toEqual({ price: 14900, includedServiceCosts: 0, serviceFeePerOrder: 250, orderFeePerOrder: 0 });
    expect(priceBasket([harbour], { hs_ticket_weekend: 1 }, context).total).toBe(15150);
  });

  test("a bus ticket states the € 5,00 transport order fee; a paylogic one does not", () => {
    const context = { showDetailedServiceFees: true, orderServiceFee: 0 as Cents };
    expect(itemPriceFacts(aProduct({ id: "bus", type: "bus_travel", price: 2500 as Cents }), context).orderFeePerOrder).toBe(TRANSPORT_ORDER_FEE);
    expect(itemPriceFacts(aProduct({ id: "paylogic-bus", type: "bus_travel", price: 2500 as Cents }), context).orderFeePerOrder).toBe(0);
  });

  test.prop([fc.oneof(ticketArb("p"), otherProductArb("p")), contextArb, fc.integer({ min: 1, max: 10 })])(
    "n units alone in a cart total n x price plus the fees per order",
    (product, context, quantity) => {
      const plain = { showDetailedServiceFees: context.showDetailedServiceFees, orderServiceFee: context.orderServiceFee, ...(context.wishlistFee === undefined ? {} : { wishlistFee: context.wishlistFee }) };
      const facts = itemPriceFacts(product, plain);
      expect(priceBasket([product], { [product.id]: quantity }, plain).total).toBe(quantity * facts.price + facts.serviceFeePerOrder + facts.orderFeePerOrder);
    },
  );
});

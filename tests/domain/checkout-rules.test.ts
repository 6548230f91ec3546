import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entranceTicketCount, hasItemsToBuy, isCheckoutAllowed, orderRefusals, type CheckoutFacts } from "../../domain/checkout-rules.ts";

const TYPES = ["ticket", "merchandise", "extras", "insurance"] as const;
const facts: fc.Arbitrary<CheckoutFacts> = fc
  .record({
    status: fc.constantFrom("shopping" as const, "in_payment" as const, "confirmed" as const),
    expired: fc.boolean(),
    items: fc.array(fc.record({ type: fc.constantFrom(...TYPES), quantity: fc.nat({ max: 3 }) }), { maxLength: 4 }),
    hasTravel: fc.boolean(),
    errors: fc.array(fc.record({ code: fc.string(), message: fc.string() }), { maxLength: 2 }),
  })
  .map(({ status, expired, items, hasTravel, errors }) => ({
    status,
    expired,
    lines: Object.fromEntries(items.flatMap((item, i) => (item.quantity > 0 ? [[`p${i}`, item.quantity]] : []))),
    lineProducts: items.map((item, i) => ({ id: `p${i}`, type: item.type })),
    hasTravel,
    checkoutErrors: errors,
  }));

// One rule for checkoutAllowed and order refusals: an order with details is refused exactly when checkout is not allowed.
describe("checkout rules (domain/checkout-rules.ts)", () => {
  it("refuses an order with details exactly when checkoutAllowed is false, and always without details (property)", () => {
    fc.assert(
      fc.property(facts, (f) => {
        expect(orderRefusals({ ...f, hasDetails: true }).length === 0).toBe(isCheckoutAllowed(f));
        expect(orderRefusals({ ...f, hasDetails: false }).map((r) => r.code)).toContain("checkout.details.missing");
      }),
    );
  });

  it("counts nothing but insurance as nothing to buy", () => {
    const insured = { lines: { ins: 1 }, lineProducts: [{ id: "ins", type: "insurance" as const }], hasTravel: false };
    expect(hasItemsToBuy(insured)).toBe(false);
    expect(hasItemsToBuy({ ...insured, hasTravel: true })).toBe(true);
    expect(hasItemsToBuy({ lines: { ins: 1, t: 1 }, lineProducts: [...insured.lineProducts, { id: "t", type: "ticket" as const }], hasTravel: false })).toBe(true);
  });

  it("counts only travel entrance tickets when the cart holds any, else every ticket", () => {
    const travel = { id: "tr", type: "ticket" as const, categories: [{ en: "Travel Tickets", nl: "Reistickets" }] };
    const plain = { id: "we", type: "ticket" as const, categories: [] };
    expect(entranceTicketCount([plain], { we: 3 })).toBe(3);
    expect(entranceTicketCount([plain, travel], { we: 3, tr: 2 })).toBe(2);
  });
});

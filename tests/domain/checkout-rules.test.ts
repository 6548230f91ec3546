import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountLimitCheckoutErrors, entranceTicketCount, hasItemsToBuy, isCheckoutAllowed, maxOrdersMessage, occupantsCheckoutErrors, occupantsMessage,
  orderRefusals, type CheckoutFacts,
} from "../../domain/checkout-rules.ts";
import { MAX_ORDERS_PER_ACCOUNT_ERROR, TRAVEL_OCCUPANTS_ERROR } from "../../domain/error-catalogue.ts";

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

  it("words the occupants message in singular and plural", () => {
    expect(occupantsMessage(1, 1)).toBe("The hotel booking is for 1 person, but the cart has 1 entrance ticket; these must be equal.");
    expect(occupantsMessage(2, 3)).toBe("The hotel booking is for 2 persons, but the cart has 3 entrance tickets; these must be equal.");
    expect(occupantsMessage(0, 0)).toBe("The hotel booking is for 0 persons, but the cart has 0 entrance tickets; these must be equal.");
  });

  it("requires as many entrance tickets as hotel persons, only when rooms are booked (property)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 }), fc.nat({ max: 10 }), fc.boolean(), (persons, tickets, hasRooms) => {
        const errors = occupantsCheckoutErrors(persons, tickets, hasRooms);
        if (!hasRooms || persons === tickets) expect(errors).toEqual([]);
        else expect(errors).toEqual([{ code: TRAVEL_OCCUPANTS_ERROR, message: occupantsMessage(persons, tickets) }]);
      }),
    );
  });

  it("words the max-orders message in singular and plural", () => {
    expect(maxOrdersMessage(1)).toBe("You have reached the maximum of 1 order per account for this event.");
    expect(maxOrdersMessage(3)).toBe("You have reached the maximum of 3 orders per account for this event.");
  });

  it("refuses checkout once the account's orders reach the limit, never without a limit (property)", () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), fc.nat({ max: 7 }), (max, orders) => {
        const errors = accountLimitCheckoutErrors(max, orders);
        if (max === undefined || orders < max) expect(errors).toEqual([]);
        else expect(errors).toEqual([{ code: MAX_ORDERS_PER_ACCOUNT_ERROR, message: maxOrdersMessage(max) }]);
      }),
    );
    expect(accountLimitCheckoutErrors(2, 2)).toHaveLength(1);
    expect(accountLimitCheckoutErrors(2, 1)).toEqual([]);
    expect(accountLimitCheckoutErrors(undefined, 100)).toEqual([]);
  });

  it("counts only ticket lines above zero as entrance tickets", () => {
    const travel = { id: "tr", type: "ticket" as const, categories: [{ en: "Travel Tickets", nl: "Reistickets" }] };
    const plain = { id: "we", type: "ticket" as const, categories: [] };
    const shirt = { id: "sh", type: "merchandise" as const, categories: [] };
    expect(entranceTicketCount([plain, shirt], { we: 2, sh: 3 })).toBe(2);
    expect(entranceTicketCount([plain, travel], { we: 3 })).toBe(3);
    expect(entranceTicketCount([plain, travel], { we: 3, tr: 0 })).toBe(3);
    expect(entranceTicketCount([shirt], { sh: 3 })).toBe(0);
  });

  it("has nothing to buy when every line is at zero", () => {
    expect(hasItemsToBuy({ lines: { t: 0 }, lineProducts: [{ id: "t", type: "ticket" }], hasTravel: false })).toBe(false);
    expect(hasItemsToBuy({ lines: {}, lineProducts: [{ id: "t", type: "ticket" }], hasTravel: false })).toBe(false);
  });

  it("allows checkout of a shopping, unexpired cart with a ticket and no checkout errors, and only then", () => {
    const open: CheckoutFacts = {
      status: "shopping", expired: false, lines: { t: 1 }, lineProducts: [{ id: "t", type: "ticket" }], hasTravel: false, checkoutErrors: [],
    };
    expect(isCheckoutAllowed(open)).toBe(true);
    expect(orderRefusals({ ...open, hasDetails: true })).toEqual([]);
    expect(isCheckoutAllowed({ ...open, expired: true })).toBe(false);
    expect(isCheckoutAllowed({ ...open, status: "in_payment" })).toBe(false);
    expect(isCheckoutAllowed({ ...open, lines: { t: 0 } })).toBe(false);
    expect(isCheckoutAllowed({ ...open, checkoutErrors: [{ code: "x", message: "y" }] })).toBe(false);
    expect(orderRefusals({ ...open, expired: true, hasDetails: true }).map((r) => r.code)).toEqual(["checkout.not.allowed"]);
  });

  it("lists the cart's checkout errors, then nothing to buy, then missing details, with their messages", () => {
    const error = { code: "validation.travel.occupants.does.not.equal.number.entrance.tickets", message: "persons differ" };
    const empty: CheckoutFacts = { status: "shopping", expired: false, lines: {}, lineProducts: [], hasTravel: false, checkoutErrors: [error] };
    expect(orderRefusals({ ...empty, hasDetails: false })).toEqual([
      error,
      { code: "checkout.cart.empty", message: "The cart has nothing to order." },
      { code: "checkout.details.missing", message: "The checkout details are missing." },
    ]);
    expect(orderRefusals({ ...empty, checkoutErrors: [], hasDetails: true })).toEqual([{ code: "checkout.cart.empty", message: "The cart has nothing to order." }]);
    const expired: CheckoutFacts = { ...empty, expired: true, lines: { t: 1 }, lineProducts: [{ id: "t", type: "ticket" }], checkoutErrors: [] };
    expect(orderRefusals({ ...expired, hasDetails: true })).toEqual([{ code: "checkout.not.allowed", message: "This cart cannot check out." }]);
  });
});


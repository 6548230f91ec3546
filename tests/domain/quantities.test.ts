import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  basketLineControls,
  checkTicketQuantity,
  itemQuantityMax,
  extraTicketLimit,
  minimumQuantityOf,
  quantityOptions,
  STEPPER_DEFAULT_MAX,
  stepperMax,
  stepperMinus,
  stepperPlus,
  ticketCap,
  ticketPickerOptions,
  ticketsInCart,
} from "../../domain/quantities.ts";

const small = fc.integer({ min: 0, max: 30 });

describe("ticket cap", () => {
  test("caps at the smaller of maxTicketAmount and maxQuantity", () => {
    expect(ticketCap(10, 4)).toBe(4);
    expect(ticketCap(6, 8)).toBe(6);
    expect(ticketCap(10)).toBe(10);
  });

  test("reports 5004 and clamps when the request exceeds the cap", () => {
    expect(checkTicketQuantity(12, 10)).toEqual({ _tag: "OverLimit", code: 5004, quantity: 10, requested: 12 });
    expect(checkTicketQuantity(3, 10)).toEqual({ _tag: "Within", quantity: 3 });
  });

  test.prop([fc.integer({ min: -5, max: 50 }), small])("clamps into 0..cap and is idempotent", (requested, cap) => {
    const once = checkTicketQuantity(requested, cap).quantity;
    expect(once).toBeGreaterThanOrEqual(0);
    expect(once).toBeLessThanOrEqual(cap);
    expect(checkTicketQuantity(once, cap).quantity).toBe(once);
    expect(checkTicketQuantity(requested, cap)._tag === "OverLimit").toBe(requested > cap);
  });

  test.prop([small, fc.option(small, { nil: undefined })])("never exceeds either limit", (amount, max) => {
    const cap = ticketCap(amount, max);
    expect(cap).toBeLessThanOrEqual(amount);
    if (max !== undefined) expect(cap).toBeLessThanOrEqual(max);
  });
});

describe("picker options", () => {
  test("offers none, 1 up to the cap, and maxTicketAmount + 1 minus the tickets in the cart (spec §5)", () => {
    const picker = (otherTicketsInCart: number, allowedMax: number, maxQuantity?: number) =>
      ticketPickerOptions({ maxTicketAmount: 10, maxQuantity, otherTicketsInCart, minimum: 1, allowedMax });
    expect(picker(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(picker(7, 3)).toEqual([0, 1, 2, 3, 4]);
    expect(picker(10, 0)).toEqual([0, 1]);
    // The product's own maxQuantity is the cap: one over it leads to 5004 too.
    expect(picker(0, 4, 4)).toEqual([0, 1, 2, 3, 4, 5]);
    // Stock (or an extra-ticket group) limits below the cap: no over-limit option, the server would say sold out.
    expect(picker(0, 3)).toEqual([0, 1, 2, 3]);
  });

  const small = fc.integer({ min: 0, max: 15 });
  test.prop([small, fc.option(small, { nil: undefined }), small, fc.integer({ min: 1, max: 4 }), small])(
    "never offers more than maxTicketAmount + 1 minus the other tickets, and over the cap at most its first quantity, which checkTicketQuantity clamps with 5004",
    (maxTicketAmount, maxQuantity, otherTicketsInCart, minimum, stock) => {
      const cap = ticketCap(maxTicketAmount, maxQuantity);
      const allowedMax = Math.max(0, Math.min(cap - otherTicketsInCart, stock));
      const options = ticketPickerOptions({ maxTicketAmount, maxQuantity, otherTicketsInCart, minimum, allowedMax });
      expect(options[0]).toBe(0);
      for (const n of options) expect(n).toBeLessThanOrEqual(Math.max(0, maxTicketAmount + 1 - otherTicketsInCart));
      const over = options.filter((n) => n > allowedMax);
      expect(over.length).toBeLessThanOrEqual(1);
      for (const n of over) {
        expect(n).toBe(allowedMax + 1);
        expect(checkTicketQuantity(otherTicketsInCart + n, cap)).toMatchObject({ _tag: "OverLimit", code: 5004, quantity: cap });
      }
      expect(options.filter((n) => n > 0 && n <= allowedMax)).toEqual(quantityOptions({ minQuantity: minimum }, allowedMax));
    },
  );
});

describe("quantity options", () => {
  test("start at the larger of minQuantity, meta.minimumQuantity and 1", () => {
    expect(quantityOptions({ minQuantity: 2, meta: { minimumQuantity: 4 } }, 6)).toEqual([4, 5, 6]);
    expect(quantityOptions({ minQuantity: 0 }, 3)).toEqual([1, 2, 3]);
    expect(quantityOptions({ minQuantity: 5 }, 3)).toEqual([]);
  });

  test.prop([fc.option(fc.integer({ min: -3, max: 10 }), { nil: undefined }), fc.option(fc.integer({ min: -3, max: 10 }), { nil: undefined }), small])(
    "run consecutively from the minimum to the allowed maximum",
    (minQuantity, minimumQuantity, max) => {
      const product = { minQuantity, meta: { minimumQuantity } };
      const min = minimumQuantityOf(product);
      expect(min).toBe(Math.max(minQuantity ?? 1, minimumQuantity ?? 1, 1));
      const opts = quantityOptions(product, max);
      expect(opts).toEqual(Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i));
    },
  );
});

describe("extra-ticket groups", () => {
  const groups = [{ ticketIds: ["a", "b", "c"], maxQuantity: 4 }];

  test("limits a group ticket by the maximum minus the other group tickets in the cart", () => {
    expect(extraTicketLimit(groups, "a", { b: 1, c: 2, z: 9 })).toBe(1);
    expect(extraTicketLimit(groups, "a", { a: 3, b: 3, c: 3 })).toBe(0);
    expect(extraTicketLimit(groups, "z", {})).toBeNull();
  });

  test.prop([fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.integer({ min: 0, max: 5 })), fc.constantFrom("a", "b", "c")])(
    "keeps the group total within maxQuantity when the product takes its limit",
    (cart, id) => {
      const limit = extraTicketLimit(groups, id, cart)!;
      const others = ["a", "b", "c"].filter((x) => x !== id).reduce((n, x) => n + (cart[x] ?? 0), 0);
      expect(limit).toBeGreaterThanOrEqual(0);
      if (others <= 4) expect(limit + others).toBe(4);
    },
  );
});

describe("stepper", () => {
  test("defaults to a maximum of 9", () => {
    expect(stepperMax({ otherInCart: 0, stock: 100 })).toBe(STEPPER_DEFAULT_MAX);
    expect(stepperMax({ maxQuantity: 6, maxTicketAmount: 10, otherInCart: 2, stock: 100 })).toBe(4);
    expect(stepperMax({ maxQuantity: 6, maxTicketAmount: 10, otherInCart: 0, stock: 3 })).toBe(3);
  });

  test("drops to zero on minus at or below the minimum and jumps to the minimum on plus", () => {
    expect(stepperMinus(2, 2)).toBe(0);
    expect(stepperMinus(3, 2)).toBe(2);
    expect(stepperPlus(0, 2, 9)).toBe(2);
    expect(stepperPlus(2, 2, 9)).toBe(3);
    expect(stepperPlus(9, 2, 9)).toBe(9);
  });

  test.prop([fc.record({ maxQuantity: fc.option(small, { nil: undefined }), maxTicketAmount: fc.option(small, { nil: undefined }), otherInCart: small, stock: fc.integer({ min: -3, max: 30 }) })])(
    "keeps the maximum within 0, stock and the product and shop limits",
    (input) => {
      const max = stepperMax(input);
      expect(max).toBeGreaterThanOrEqual(0);
      expect(max).toBeLessThanOrEqual(Math.max(0, input.stock));
      expect(max).toBeLessThanOrEqual(Math.max(0, (input.maxQuantity ?? 9) - input.otherInCart));
      if (input.maxTicketAmount !== undefined) expect(max).toBeLessThanOrEqual(Math.max(0, input.maxTicketAmount - input.otherInCart));
    },
  );

  test.prop([small, small, small])("never leaves 0..max via plus and never goes negative via minus", (current0, min, max) => {
    const current = Math.min(current0, max);
    const up = stepperPlus(current, min, max);
    expect(up).toBeLessThanOrEqual(max);
    expect(up).toBeGreaterThanOrEqual(current);
    const down = stepperMinus(current, min);
    expect(down).toBeGreaterThanOrEqual(0);
    expect(down === 0 || down >= min).toBe(true);
  });
});

describe("clamping laws", () => {
  test.prop([fc.integer({ min: -20, max: 60 }), small, fc.option(small, { nil: undefined })])(
    "is idempotent and never exceeds any cap",
    (requested, maxTicketAmount, maxQuantity) => {
      const cap = ticketCap(maxTicketAmount, maxQuantity);
      const once = checkTicketQuantity(requested, cap).quantity;
      expect(checkTicketQuantity(once, cap).quantity).toBe(once);
      expect(once).toBeGreaterThanOrEqual(0);
      expect(once).toBeLessThanOrEqual(maxTicketAmount);
      if (maxQuantity !== undefined) expect(once).toBeLessThanOrEqual(maxQuantity);
      expect(once).toBe(Math.min(Math.max(0, requested), cap));
    },
  );

  test("floors fractional and negative requests and caps", () => {
    expect(checkTicketQuantity(3.7, 10)).toEqual({ _tag: "Within", quantity: 3 });
    expect(checkTicketQuantity(-2, 10)).toEqual({ _tag: "Within", quantity: 0 });
    expect(checkTicketQuantity(5, 4.9)).toEqual({ _tag: "OverLimit", code: 5004, quantity: 4, requested: 5 });
    expect(checkTicketQuantity(1, -3)).toEqual({ _tag: "OverLimit", code: 5004, quantity: 0, requested: 1 });
    expect(checkTicketQuantity(4, 4)).toEqual({ _tag: "Within", quantity: 4 });
    expect(ticketCap(-4)).toBe(0);
    expect(ticketCap(5, null)).toBe(5);
    expect(ticketCap(5, -1)).toBe(0);
  });

  test("floors the allowed maximum of quantity options", () => {
    expect(quantityOptions({}, 3.9)).toEqual([1, 2, 3]);
  });

  test("counts only other group tickets with a positive quantity", () => {
    const groups = [{ ticketIds: ["a", "b"], maxQuantity: 4 }];
    expect(extraTicketLimit(groups, "a", { b: -3 })).toBe(4);
    expect(extraTicketLimit(groups, "a", { a: 2 })).toBe(4);
    expect(extraTicketLimit(groups, "a", { b: 9 })).toBe(0);
  });

  test("steps within bounds", () => {
    expect(stepperMax({ maxQuantity: null, maxTicketAmount: null, otherInCart: -2, stock: 100 })).toBe(9);
    expect(stepperMax({ maxQuantity: 6, maxTicketAmount: 3, otherInCart: 1, stock: 100 })).toBe(2);
    expect(stepperMinus(1)).toBe(0);
    expect(stepperMinus(5)).toBe(4);
    expect(stepperMinus(5, 5)).toBe(0);
    expect(stepperPlus(8, 0, 9)).toBe(9);
    expect(stepperPlus(1, 3, 2)).toBe(1);
  });
});

describe("basket line controls (spec §3 Basket line view)", () => {
  const ticket = { id: "t1", type: "ticket" as const, stock: 100, maxQuantity: 10, minQuantity: 1 };
  test("give an editable ticket line a stepper up to the ticket cap left and a remove button", () => {
    expect(basketLineControls({ group: "tickets", product: ticket, cartProducts: { t1: 2, t2: 3 }, maxTicketAmount: 10, ticketsInCart: 5, editable: true })).toEqual({
      maxAmount: 7,
      minimum: 1,
      hideButtons: false,
      showRemoveButton: true,
    });
  });

  test("give a membership only the remove button, upgrades and travel nothing, and nothing at all when the cart takes no changes", () => {
    const controls = (group: "memberships" | "upgrades" | "travel" | "merchandise", editable = true) =>
      basketLineControls({ group, product: { ...ticket, type: "merchandise" }, cartProducts: {}, maxTicketAmount: 10, ticketsInCart: 0, editable });
    expect(controls("memberships")).toMatchObject({ hideButtons: true, showRemoveButton: true });
    expect(controls("upgrades")).toMatchObject({ hideButtons: true, showRemoveButton: false });
    expect(controls("travel")).toMatchObject({ hideButtons: true, showRemoveButton: false });
    expect(controls("merchandise")).toMatchObject({ hideButtons: false, showRemoveButton: true });
    expect(controls("merchandise", false)).toMatchObject({ hideButtons: true, showRemoveButton: false });
  });

  test.prop([fc.constantFrom("tickets", "merchandise", "extras", "memberships", "upgrades", "travel", "transportation"), small, small, small, fc.boolean()])(
    "never let a line grow past what the item screens allow, and show the stepper only where removing is allowed too",
    (group, stock, inCart, others, editable) => {
      const product = { ...ticket, type: group === "tickets" ? ("ticket" as const) : ("extras" as const), stock };
      const cartProducts = { t1: inCart };
      const ticketsInCart = group === "tickets" ? inCart + others : others;
      const controls = basketLineControls({ group, product, cartProducts, maxTicketAmount: 10, ticketsInCart, editable });
      expect(controls.maxAmount).toBe(itemQuantityMax({ product, cartProducts, maxTicketAmount: 10, ticketsInCart }));
      if (!controls.hideButtons) expect(controls.showRemoveButton).toBe(true);
      if (!editable) expect([controls.hideButtons, controls.showRemoveButton]).toEqual([true, false]);
    },
  );
});

describe("tickets in the cart", () => {
  test.prop([fc.dictionary(fc.constantFrom("t1", "t2", "m1", "gone"), fc.integer({ min: -2, max: 12 }))])(
    "count the quantities of ticket products only, never a negative one",
    (cartProducts) => {
      const products = [
        { id: "t1", type: "ticket" as const },
        { id: "t2", type: "ticket" as const },
        { id: "m1", type: "merchandise" as const },
      ];
      const expected = ["t1", "t2"].reduce((n, id) => n + Math.max(0, cartProducts[id] ?? 0), 0);
      expect(ticketsInCart(products, cartProducts)).toBe(expected);
    },
  );
});

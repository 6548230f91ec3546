import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { CartStatus } from "../../domain/cart.schema.ts";
import { hasHoldEnded } from "../../domain/countdown.ts";
import {
  clientHoldCap,
  DEFAULT_MAX_FAILED_PAYMENTS,
  DEFAULT_MAX_HOLD_EXTENSIONS,
  extendHold,
  holdAfterFailedPayment,
  maxFailedPayments,
  maxHoldSeconds,
  type Hold,
  HOLD_EXTENSION_PROMPT_SECONDS,
  holdExtensionsLeft,
  maxHoldExtensions,
  offersHoldExtension,
} from "../../domain/hold-extension.ts";

const statusArb = fc.constantFrom<CartStatus>("shopping", "in_payment", "confirmed");
const rulesArb = fc.record({ maxExtensions: fc.integer({ min: 0, max: 12 }), cartTimeoutSeconds: fc.integer({ min: 1, max: 3600 }) });

describe("hold extension rule", () => {
  test("gives ten extensions by default (WCAG 2.2.1) and asks at 60 s, more than the 20 s WCAG asks for", () => {
    expect(maxHoldExtensions({})).toBe(10);
    expect(DEFAULT_MAX_HOLD_EXTENSIONS).toBe(10);
    expect(maxHoldExtensions({ maxHoldExtensions: 2 })).toBe(2);
    expect(maxHoldExtensions({ maxHoldExtensions: 0 })).toBe(0);
    expect(HOLD_EXTENSION_PROMPT_SECONDS).toBeGreaterThanOrEqual(20);
  });

  test("extends a shopping cart with 20 s left to one cart timeout from now, once per extension", () => {
    const now = 1_000_000;
    const hold: Hold = { status: "shopping", endsAtMs: now + 20_000, extensionsUsed: 0 };
    const rules = { maxExtensions: 2, cartTimeoutSeconds: 900 };
    const first = extendHold(hold, now, rules);
    expect(first).toEqual({ _tag: "Extended", endsAtMs: now + 900_000, extensionsUsed: 1 });
    expect(extendHold({ ...hold, extensionsUsed: 1 }, now, rules)).toEqual({ _tag: "Extended", endsAtMs: now + 900_000, extensionsUsed: 2 });
    expect(extendHold({ ...hold, extensionsUsed: 2 }, now, rules)).toEqual({ _tag: "UsedUp" });
  });

  test("refuses an ended hold (Expired) before anything else, and a cart in payment or confirmed (NotShopping)", () => {
    const rules = { maxExtensions: 2, cartTimeoutSeconds: 900 };
    expect(extendHold({ status: "shopping", endsAtMs: 5000, extensionsUsed: 0 }, 5000, rules)).toEqual({ _tag: "Expired" });
    expect(extendHold({ status: "in_payment", endsAtMs: 5000, extensionsUsed: 9 }, 6000, rules)).toEqual({ _tag: "Expired" });
    expect(extendHold({ status: "in_payment", endsAtMs: 9000, extensionsUsed: 0 }, 6000, rules)).toEqual({ _tag: "NotShopping" });
    expect(extendHold({ status: "confirmed", endsAtMs: 9000, extensionsUsed: 0 }, 6000, rules)).toEqual({ _tag: "NotShopping" });
  });

  test.prop([rulesArb, fc.integer({ min: 1, max: 3600 }), fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 20 })])(
    "never extends more than maxExtensions times, nor past one cart timeout from the moment asked, nor shortens a hold",
    (rules, firstHoldSeconds, waits) => {
      let now = 0;
      let hold: Hold = { status: "shopping", endsAtMs: firstHoldSeconds * 1000, extensionsUsed: 0 };
      let extended = 0;
      for (const wait of waits) {
        now += wait * 1000;
        const outcome = extendHold(hold, now, rules);
        if (outcome._tag !== "Extended") {
          expect(outcome._tag).toBe(now >= hold.endsAtMs ? "Expired" : "UsedUp");
          continue;
        }
        extended += 1;
        expect(outcome.endsAtMs).toBeGreaterThanOrEqual(hold.endsAtMs);
        expect(outcome.endsAtMs).toBeLessThanOrEqual(Math.max(hold.endsAtMs, now + rules.cartTimeoutSeconds * 1000));
        expect(outcome.extensionsUsed).toBe(hold.extensionsUsed + 1);
        hold = { ...hold, endsAtMs: outcome.endsAtMs, extensionsUsed: outcome.extensionsUsed };
      }
      expect(extended).toBeLessThanOrEqual(rules.maxExtensions);
      expect(hold.endsAtMs).toBeLessThanOrEqual(Math.max(firstHoldSeconds, (rules.maxExtensions + 1) * rules.cartTimeoutSeconds) * 1000 + now);
      expect(holdExtensionsLeft(hold.extensionsUsed, rules.maxExtensions)).toBe(rules.maxExtensions - extended);
    },
  );

  test.prop([statusArb, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), rulesArb, fc.integer({ min: 1, max: 10_000 })])(
    "extends exactly a shopping cart whose hold has not ended and has extensions left",
    (status, used, max, rules, leftMs) => {
      const outcome = extendHold({ status, endsAtMs: 10_000 + leftMs, extensionsUsed: used }, 10_000, { ...rules, maxExtensions: max });
      expect(outcome._tag === "Extended").toBe(status === "shopping" && used < max);
    },
  );
});

describe("asking for more time", () => {
  test("asks a shopping cart with extensions left from 60 s before the end until the end", () => {
    expect(offersHoldExtension(61, "shopping", 1)).toBe(false);
    expect(offersHoldExtension(60, "shopping", 1)).toBe(true);
    expect(offersHoldExtension(20, "shopping", 1)).toBe(true);
    expect(offersHoldExtension(1, "shopping", 1)).toBe(true);
    expect(offersHoldExtension(0, "shopping", 1)).toBe(false);
  });

  test.prop([fc.integer({ min: -10, max: 2000 }), statusArb, fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined })])(
    "never asks when no extension is left (absent counts as none) or the cart is not shopping",
    (remaining, status, left) => {
      const offered = offersHoldExtension(remaining, status, left);
      if (left === undefined || left === 0 || status !== "shopping") expect(offered).toBe(false);
      else expect(offered).toBe(remaining > 0 && remaining <= HOLD_EXTENSION_PROMPT_SECONDS);
    },
  );

  test.prop([fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })])("counts the extensions left down to 0, never below", (used, max) => {
    expect(holdExtensionsLeft(used, max)).toBe(Math.max(0, max - used));
  });
});

describe("the bounded hold", () => {
  test("bounds a cart's whole hold by the cart timeout × (1 + maxHoldExtensions) unless the shop sets maxHoldSeconds, and failed payments by 3", () => {
    expect(maxHoldSeconds({}, {}, 900)).toBe(900 * (1 + DEFAULT_MAX_HOLD_EXTENSIONS));
    expect(maxHoldSeconds({ maxHoldExtensions: 2 }, {}, 900)).toBe(2700);
    expect(maxHoldSeconds({ maxHoldExtensions: 2 }, { maxHoldSeconds: 1000 }, 900)).toBe(1000);
    expect(maxFailedPayments({})).toBe(DEFAULT_MAX_FAILED_PAYMENTS);
    expect(DEFAULT_MAX_FAILED_PAYMENTS).toBe(3);
    expect(maxFailedPayments({ maxFailedPayments: 1 })).toBe(1);
  });

  test.prop([rulesArb, fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 1, max: 3600 }), fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 30 })])(
    "never extends a hold past its bounded end, and answers AtBound once the hold ends there",
    (rules, boundSeconds, firstHoldSeconds, waits) => {
      const bound = { ...rules, holdEndsAtMs: boundSeconds * 1000 };
      let now = 0;
      let hold: Hold = { status: "shopping", endsAtMs: Math.min(firstHoldSeconds, boundSeconds) * 1000, extensionsUsed: 0 };
      for (const wait of waits) {
        now += wait * 1000;
        const outcome = extendHold(hold, now, bound);
        if (outcome._tag === "AtBound") expect(hold.endsAtMs).toBe(bound.holdEndsAtMs);
        if (outcome._tag !== "Extended") continue;
        expect(outcome.endsAtMs).toBeLessThanOrEqual(bound.holdEndsAtMs);
        hold = { ...hold, endsAtMs: outcome.endsAtMs, extensionsUsed: outcome.extensionsUsed };
      }
      expect(hold.endsAtMs).toBeLessThanOrEqual(bound.holdEndsAtMs);
    },
  );

  test.prop([fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 3600 })])(
    "after a failed or canceled payment shops on until a fresh cart timeout at most, never past the bound, or ends the cart",
    (nowSeconds, failed, maxFailed, boundSeconds, timeout) => {
      const next = holdAfterFailedPayment(nowSeconds * 1000, failed, { cartTimeoutSeconds: timeout, holdEndsAtMs: boundSeconds * 1000, maxFailedPayments: maxFailed });
      if (failed >= maxFailed || nowSeconds >= boundSeconds) expect(next).toEqual({ _tag: "Ended" });
      else expect(next).toEqual({ _tag: "Shopping", endsAtMs: Math.min(boundSeconds, nowSeconds + timeout) * 1000 });
    },
  );

  test("caps what one client holds of a ticket at the ticket cap, of another product at its maxQuantity", () => {
    expect(clientHoldCap({ type: "ticket", maxQuantity: 10 }, 10)).toBe(10);
    expect(clientHoldCap({ type: "ticket", maxQuantity: 4 }, 10)).toBe(4);
    expect(clientHoldCap({ type: "ticket" }, 6)).toBe(6);
    expect(clientHoldCap({ type: "merchandise", maxQuantity: 3 }, 10)).toBe(3);
    expect(clientHoldCap({ type: "merchandise" }, 10)).toBeUndefined();
  });

  test("does not ask for more time once the hold ends at its bounded end, and knows an ended hold", () => {
    expect(offersHoldExtension(40, "shopping", 3, 120)).toBe(true);
    expect(offersHoldExtension(40, "shopping", 3, 40)).toBe(false);
    expect(hasHoldEnded({ status: "shopping", maxTimeout: 0 })).toBe(true);
    expect(hasHoldEnded({ status: "shopping", maxTimeout: 10 })).toBe(false);
    expect(hasHoldEnded({ status: "shopping" })).toBe(false);
    expect(hasHoldEnded({ status: "confirmed", maxTimeout: 0 })).toBe(false);
  });
});

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { CartStatus } from "../../domain/cart.schema.ts";
import {
  DEFAULT_MAX_HOLD_EXTENSIONS,
  extendHold,
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

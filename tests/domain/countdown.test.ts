import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  cartTimedOut,
  COUNTDOWN_TICK_MS,
  COUNTDOWN_URGENT_SECONDS,
  COUNTDOWN_WARNING_SECONDS,
  countdownCopyKey,
  countdownPhase,
  formatCountdown,
  onCartStatusChange,
  remainingSeconds,
  startCountdown,
} from "../../domain/countdown.ts";
import type { CartStatus } from "../../domain/cart.schema.ts";

const normal = { countdown: true, timesUpCode: 6002 } as const;
/** The Time's up code of a sale mode (sale-mode.ts SaleModeRules timesUpCode). */
const timesUp = fc.constantFrom<4004 | 6002>(4004, 6002);

describe("countdown phase", () => {
  test("uses the spec constants 420 and 200", () => {
    expect(COUNTDOWN_WARNING_SECONDS).toBe(420);
    expect(COUNTDOWN_URGENT_SECONDS).toBe(200);
  });

  test("hides above 420, shows at 420, turns urgent at 200 and expires at 0", () => {
    expect(countdownPhase(421, normal)._tag).toBe("Hidden");
    expect(countdownPhase(420, normal)._tag).toBe("Shown");
    expect(countdownPhase(201, normal)._tag).toBe("Shown");
    expect(countdownPhase(200, normal)._tag).toBe("Urgent");
    expect(countdownPhase(1, normal)._tag).toBe("Urgent");
    expect(countdownPhase(0, normal)).toEqual({ _tag: "Expired", code: 6002 });
    expect(countdownPhase(-3, { countdown: true, timesUpCode: 4004 })).toEqual({ _tag: "Expired", code: 4004 });
  });

  test.prop([fc.integer({ min: -5000, max: 0 }), timesUp, fc.boolean()])(
    "expires with the Time's up code of its sale mode at zero or less, with or without the bar",
    (s, timesUpCode, countdown) => {
      expect(countdownPhase(s, { countdown, timesUpCode })).toEqual({ _tag: "Expired", code: timesUpCode });
    },
  );

  test.prop([fc.integer({ min: 1, max: 5000 }), timesUp])("stays hidden in a sale mode without the bar (pre-registration) until it expires", (s, timesUpCode) => {
    expect(countdownPhase(s, { countdown: false, timesUpCode })._tag).toBe("Hidden");
  });

  test.prop([fc.integer({ min: -100, max: 5000 }), timesUp, fc.boolean()])("expires exactly at 0 or less", (s, timesUpCode, countdown) => {
    expect(countdownPhase(s, { countdown, timesUpCode })._tag === "Expired").toBe(s <= 0);
  });

  test.prop([fc.integer({ min: -100, max: 5000 }), timesUp, fc.boolean()])("never expires nor shows for a confirmed (paid) cart, which the server sends with timeout 0", (s, timesUpCode, countdown) => {
    expect(countdownPhase(s, { countdown, timesUpCode, status: "confirmed" })).toEqual({ _tag: "Hidden" });
  });

  test.prop([fc.integer({ min: -100, max: 5000 }), timesUp, fc.constantFrom<CartStatus>("shopping", "in_payment")])("runs as without a status for a cart that is shopping or in payment", (s, timesUpCode, status) => {
    expect(countdownPhase(s, { countdown: true, timesUpCode, status })).toEqual(countdownPhase(s, { countdown: true, timesUpCode }));
  });

  test.prop([fc.integer({ min: 1, max: 5000 })])("is visible exactly at 420 s or fewer", (s) => {
    const tag = countdownPhase(s, normal)._tag;
    expect(tag !== "Hidden").toBe(s <= 420);
    expect(tag === "Urgent").toBe(s <= 200);
  });
});

describe("remaining seconds", () => {
  test("counts down whole seconds from the cart timeout", () => {
    const timer = startCountdown(600, 1_000_000)!;
    expect(remainingSeconds(timer, 1_000_000)).toBe(600);
    expect(remainingSeconds(timer, 1_000_999)).toBe(600);
    expect(remainingSeconds(timer, 1_001_000)).toBe(599);
    expect(remainingSeconds(timer, 1_000_000 + 601_000)).toBe(0);
  });

  test("starts only when the cart has a timeout, and from the sale mode's own timeout where it has one", () => {
    expect(startCountdown(undefined, 0)).toBeNull();
    expect(startCountdown(null, 0)).toBeNull();
    expect(startCountdown(undefined, 5, 1200)).toEqual({ timeoutSeconds: 1200, startedAtMs: 5 });
    expect(startCountdown(300, 5, 1200)).toEqual({ timeoutSeconds: 1200, startedAtMs: 5 });
  });

  test.prop([fc.integer({ min: 0, max: 3600 }), fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 0, max: 1e7 })])(
    "never goes negative and never increases as time passes",
    (timeout, start, d1, d2) => {
      const timer = { timeoutSeconds: timeout, startedAtMs: start };
      const a = remainingSeconds(timer, start + Math.min(d1, d2));
      const b = remainingSeconds(timer, start + Math.max(d1, d2));
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(a);
      expect(a).toBeLessThanOrEqual(timeout);
    },
  );
});

describe("restart on payment", () => {
  const statuses: CartStatus[] = ["shopping", "in_payment", "confirmed"];

  test("restarts from the cart timeout when the status becomes in_payment or confirmed", () => {
    const timer = { timeoutSeconds: 600, startedAtMs: 0 };
    expect(onCartStatusChange(timer, "shopping", "in_payment", 900, 50_000)).toEqual({ timeoutSeconds: 900, startedAtMs: 50_000 });
    expect(onCartStatusChange(timer, "shopping", "confirmed", 900, 50_000)).toEqual({ timeoutSeconds: 900, startedAtMs: 50_000 });
    expect(onCartStatusChange(timer, "in_payment", "in_payment", 900, 50_000)).toBe(timer);
    expect(onCartStatusChange(timer, "shopping", "shopping", 900, 50_000)).toBe(timer);
    expect(countdownCopyKey("in_payment")).toBe("countdown.complete_payment");
    expect(countdownCopyKey("shopping")).toBe("countdown.complete_order");
  });

  test.prop([fc.constantFrom(...statuses), fc.constantFrom(...statuses), fc.integer({ min: 0, max: 3600 }), fc.integer({ min: 0, max: 1e12 })])(
    "gives a full cart timeout right after a switch into payment",
    (prev, next, timeout, now) => {
      const timer = { timeoutSeconds: 10, startedAtMs: 0 };
      const after = onCartStatusChange(timer, prev, next, timeout, now)!;
      const switched = next !== "shopping" && prev === "shopping";
      expect(after === timer).toBe(!switched);
      if (switched) expect(remainingSeconds(after, now)).toBe(timeout);
    },
  );
});

describe("restart on payment without a known previous status", () => {
  test("starts the timer when a cart first seen is in payment or confirmed, not when it is shopping", () => {
    const timer = { timeoutSeconds: 600, startedAtMs: 0 };
    for (const previous of [null, undefined]) {
      expect(onCartStatusChange(timer, previous, "in_payment", 900, 7)).toEqual({ timeoutSeconds: 900, startedAtMs: 7 });
      expect(onCartStatusChange(null, previous, "confirmed", 900, 7)).toEqual({ timeoutSeconds: 900, startedAtMs: 7 });
      expect(onCartStatusChange(timer, previous, "shopping", 900, 7)).toBe(timer);
    }
    expect(onCartStatusChange(timer, "in_payment", "confirmed", 900, 7)).toBe(timer);
  });
});

describe("cart timed out at exactly zero", () => {
  test("sends the visitor away at 0 seconds left, not at 1", () => {
    expect(cartTimedOut(0)).toBe(true);
    expect(cartTimedOut(0, "in_payment")).toBe(true);
    expect(cartTimedOut(1)).toBe(false);
    expect(cartTimedOut(0, "confirmed")).toBe(false);
  });
});

describe("display", () => {
  test("formats 425 s as 7:05", () => {
    expect(formatCountdown(425)).toBe("7:05");
    expect(formatCountdown(-2)).toBe("0:00");
  });

  test.prop([fc.integer({ min: 0, max: 100_000 })])("writes whole minutes and two-digit seconds that add up to the time", (s) => {
    const m = /^(\d+):([0-5]\d)$/.exec(formatCountdown(s));
    expect(m && Number(m[1]) * 60 + Number(m[2])).toBe(s);
  });

  test.prop([fc.integer({ min: -1000, max: 1000 }), fc.constantFrom("shopping" as const, "in_payment" as const)])(
    "sends the visitor away for a timeout of zero or less while the cart is not paid",
    (t, status) => {
      expect(cartTimedOut(t, status)).toBe(t <= 0);
    },
  );

  test.prop([fc.integer({ min: -1000, max: 1000 })])("never sends the visitor away for a confirmed cart (the status page shows its outcome)", (t) => {
    expect(cartTimedOut(t, "confirmed")).toBe(false);
  });
});

describe("countdown laws", () => {
  const rank = { Hidden: 0, Shown: 1, Urgent: 2, Expired: 3 } as const;

  test.prop([fc.integer({ min: -50, max: 2000 }), fc.integer({ min: -50, max: 2000 }), timesUp, fc.boolean()])(
    "never moves back a phase as the remaining seconds fall",
    (a, b, timesUpCode, countdown) => {
      const mode = { countdown, timesUpCode };
      const [later, earlier] = [Math.min(a, b), Math.max(a, b)];
      expect(rank[countdownPhase(later, mode)._tag]).toBeGreaterThanOrEqual(rank[countdownPhase(earlier, mode)._tag]);
    },
  );

  test.prop([fc.integer({ min: 0, max: 3600 }), fc.integer({ min: 0, max: 1e12 }), fc.array(fc.integer({ min: 0, max: 4_000_000 }), { maxLength: 8 })])(
    "goes through the phases of a running timer in order, never back from urgent to shown or from expired",
    (timeout, start, offsets) => {
      const timer = startCountdown(timeout, start)!;
      const tags = [...offsets].sort((x, y) => x - y).map((d) => countdownPhase(remainingSeconds(timer, start + d), normal)._tag);
      for (let i = 1; i < tags.length; i++) {
        if (tags[i - 1] === "Urgent") expect(tags[i]).not.toBe("Shown");
        if (tags[i - 1] === "Expired") expect(tags[i]).toBe("Expired");
        expect(rank[tags[i]!]).toBeGreaterThanOrEqual(rank[tags[i - 1]!]);
      }
    },
  );

  test("ticks every second, keeps timers in payment and starts from a zero timeout", () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
    expect(startCountdown(0, 7)).toEqual({ timeoutSeconds: 0, startedAtMs: 7 });
    expect(startCountdown(300, 7, "server")).toEqual({ timeoutSeconds: 300, startedAtMs: 7 });
    const timer = { timeoutSeconds: 600, startedAtMs: 0 };
    expect(onCartStatusChange(timer, "in_payment", "confirmed", 900, 1)).toBe(timer);
    expect(onCartStatusChange(null, null, "in_payment", 900, 1)).toEqual({ timeoutSeconds: 900, startedAtMs: 1 });
    expect(onCartStatusChange(null, undefined, "confirmed", 900, 1)).toEqual({ timeoutSeconds: 900, startedAtMs: 1 });
    expect(onCartStatusChange(timer, "confirmed", "shopping", 900, 1)).toBe(timer);
    expect(countdownCopyKey("confirmed")).toBe("countdown.complete_payment");
    expect(remainingSeconds(timer, -5_000)).toBe(600);
    expect(formatCountdown(59.9)).toBe("0:59");
  });
});

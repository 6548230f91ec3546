import type { CartStatus } from "./cart.schema.ts";
import type { SaleModeRules } from "./sale-mode.ts";

/** The countdown bar appears at this many seconds or fewer remaining. spec §4 Countdown, §9. */
export const COUNTDOWN_WARNING_SECONDS = 420;
/** Urgent styling at this many seconds or fewer remaining. spec §4 Countdown, §9. */
export const COUNTDOWN_URGENT_SECONDS = 200;
/** The countdown ticks every 1000 ms. spec §9. */
export const COUNTDOWN_TICK_MS = 1000;
/** Countdown bar phase: hidden (> 420 s or a mode without the bar), shown (<= 420 s), urgent (<= 200 s), expired (<= 0 s, the mode's timesUpCode). spec §4. */
export type CountdownPhase =
  | { readonly _tag: "Hidden" }
  | { readonly _tag: "Shown" }
  | { readonly _tag: "Urgent" }
  | { readonly _tag: "Expired"; readonly code: 4004 | 6002 };

/** What the countdown depends on: the sale rules' `countdown` (the bar shows) and `timesUpCode`, and the cart's status. */
export interface CountdownMode extends Pick<SaleModeRules, "countdown" | "timesUpCode"> {
  /** The cart's status, when known: a confirmed (paid) cart has no time limit left to show or to run out (cartTimedOut). */
  readonly status?: CartStatus | undefined;
}

/**
 * Phase from remaining seconds: <= 0 Expired with the mode's timesUpCode (also where the bar stays hidden), else Hidden
 * without the bar or above 420, Urgent at <= 200, Shown at <= 420. A confirmed cart is Hidden, never Expired. spec §4.
 */
export const countdownPhase = (remainingSeconds: number, mode: CountdownMode): CountdownPhase => {
  // A confirmed cart is paid: the visitor arriving on the payment status page must not be told "Time's up".
  if (mode.status !== undefined && !hasTimeLimit(mode.status)) return { _tag: "Hidden" };
  if (remainingSeconds <= 0) return { _tag: "Expired", code: mode.timesUpCode };
  if (!mode.countdown || remainingSeconds > COUNTDOWN_WARNING_SECONDS) return { _tag: "Hidden" };
  return remainingSeconds <= COUNTDOWN_URGENT_SECONDS ? { _tag: "Urgent" } : { _tag: "Shown" };
};

/** A running countdown: the timeout it started from (seconds) and when it started (epoch ms). spec §4 Countdown. */
export interface CountdownTimer {
  readonly timeoutSeconds: number;
  readonly startedAtMs: number;
}

/**
 * Starts a countdown at `nowMs` from the cart timeout (seconds), or from the mode's own timeout (`modeTimeout`, the sale
 * rules' cartTimeoutSeconds); null when the cart has no timeout. spec §4 Countdown "Starts when the cart has a timeout", §3.
 */
export const startCountdown = (
  cartTimeoutSeconds: number | null | undefined,
  nowMs: number,
  modeTimeout: SaleModeRules["cartTimeoutSeconds"] = "server",
): CountdownTimer | null => {
  if (modeTimeout !== "server") return { timeoutSeconds: modeTimeout, startedAtMs: nowMs };
  return cartTimeoutSeconds === undefined || cartTimeoutSeconds === null ? null : { timeoutSeconds: cartTimeoutSeconds, startedAtMs: nowMs };
};

/** Whole seconds left: timeoutSeconds minus whole elapsed seconds since startedAtMs, never below 0. spec §4 Countdown. */
export const remainingSeconds = (timer: CountdownTimer, nowMs: number): number =>
  Math.max(0, timer.timeoutSeconds - Math.floor(Math.max(0, nowMs - timer.startedAtMs) / 1000));

/** True for the statuses in which the copy is 'complete payment in time' (in_payment, confirmed). spec §4 Countdown. */
export const isPaymentStatus = (status: CartStatus): boolean => status === "in_payment" || status === "confirmed";

/**
 * Restarts the timer from the cart timeout at `nowMs` when the status becomes in_payment or confirmed (from a
 * different non-payment status or none); otherwise returns the timer unchanged. spec §4 Countdown.
 */
export const onCartStatusChange = (
  timer: CountdownTimer | null,
  previous: CartStatus | null | undefined,
  next: CartStatus,
  cartTimeoutSeconds: number,
  nowMs: number,
): CountdownTimer | null =>
  isPaymentStatus(next) && (previous === null || previous === undefined || !isPaymentStatus(previous))
    ? { timeoutSeconds: cartTimeoutSeconds, startedAtMs: nowMs }
    : timer;

/** Message key of the countdown copy: countdown.complete_payment in in_payment/confirmed, else countdown.complete_order. spec §4. */
export const countdownCopyKey = (status: CartStatus): "countdown.complete_payment" | "countdown.complete_order" =>
  isPaymentStatus(status) ? "countdown.complete_payment" : "countdown.complete_order";

/** Formats seconds as m:ss (negative shows 0:00; 425 -> "7:05"). spec §4 Countdown bar. */
export const formatCountdown = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** False for a confirmed cart: its order is paid, so it has no time limit left to show or to run out (the server sends it with timeout 0). spec §4 Countdown. */
export const hasTimeLimit = (status: CartStatus): boolean => status !== "confirmed";

/**
 * A cart with timeout zero or less sends the visitor to /{slug} (spec §2 Route guards); a confirmed cart has no time
 * left to run out (hasTimeLimit), so it never does: the payment status page keeps showing its outcome.
 */
// Stryker disable next-line StringLiteral: hasTimeLimit only tells "confirmed" apart, so any other default behaves the same
export const cartTimedOut = (cartTimeoutSeconds: number, status: CartStatus = "shopping"): boolean =>
  hasTimeLimit(status) && cartTimeoutSeconds <= 0;

/** True when a cart's bounded hold ended for good (shopping, maxTimeout 0): its stock went back and it takes no order; the visitor sees 6002 (spec §4 Countdown, §8). */
export const hasHoldEnded = (cart: { readonly status: CartStatus; readonly maxTimeout?: number | undefined }): boolean =>
  cart.status === "shopping" && cart.maxTimeout === 0;

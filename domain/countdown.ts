import type { CartStatus } from "./cart.schema.ts";

/** The countdown bar appears at this many seconds or fewer remaining. spec §4 Countdown, §9. */
export const COUNTDOWN_WARNING_SECONDS = 420;
/** Urgent styling at this many seconds or fewer remaining. spec §4 Countdown, §9. */
export const COUNTDOWN_URGENT_SECONDS = 200;
/** The countdown ticks every 1000 ms. spec §9. */
export const COUNTDOWN_TICK_MS = 1000;
/** Cart timeout of a pre-registration cart, in seconds. spec §3 Cart, §9. */
export const PREREGISTRATION_CART_TIMEOUT = 1200;

/** Countdown bar phase: hidden (> 420 s or pre-registration), shown (<= 420 s), urgent (<= 200 s), expired (<= 0 s, code 4004 upgrade / 6002). spec §4. */
export type CountdownPhase =
  | { readonly _tag: "Hidden" }
  | { readonly _tag: "Shown" }
  | { readonly _tag: "Urgent" }
  | { readonly _tag: "Expired"; readonly code: 4004 | 6002 };

/** Mode flags the countdown depends on. */
export interface CountdownMode {
  readonly upgradeMode: boolean;
  readonly preregistration: boolean;
  /** The cart's status, when known: a confirmed (paid) cart has no time limit left to show or to run out (cartTimedOut). */
  readonly status?: CartStatus | undefined;
}

/**
 * Phase from remaining seconds: <= 0 Expired (4004 in upgrade mode, else 6002; also in pre-registration, where the
 * bar itself stays hidden), else Hidden in pre-registration or above 420, Urgent at <= 200, Shown at <= 420. A
 * confirmed cart (hasTimeLimit false) is always Hidden and never Expired: it is paid, and the visitor arriving on the
 * payment status page must not be told "Time's up" (that blocking modal took the first Tab). spec §4 Countdown.
 */
export const countdownPhase = (remainingSeconds: number, mode: CountdownMode): CountdownPhase => {
  if (mode.status !== undefined && !hasTimeLimit(mode.status)) return { _tag: "Hidden" };
  if (remainingSeconds <= 0) return { _tag: "Expired", code: timesUpCode(mode.upgradeMode) };
  if (mode.preregistration || remainingSeconds > COUNTDOWN_WARNING_SECONDS) return { _tag: "Hidden" };
  return remainingSeconds <= COUNTDOWN_URGENT_SECONDS ? { _tag: "Urgent" } : { _tag: "Shown" };
};

/** The blocking message when a cart's time is up: 4004 in upgrade mode, else 6002 (spec §4 Countdown, §8). */
export const timesUpCode = (upgradeMode: boolean): 4004 | 6002 => (upgradeMode ? 4004 : 6002);

/** A running countdown: the timeout it started from (seconds) and when it started (epoch ms). spec §4 Countdown. */
export interface CountdownTimer {
  readonly timeoutSeconds: number;
  readonly startedAtMs: number;
}

/**
 * Starts a countdown at `nowMs` from the cart timeout (seconds); PREREGISTRATION_CART_TIMEOUT (1200) in pre-registration;
 * null when the cart has no timeout (undefined/null). spec §4 Countdown "Starts when the cart has a timeout", §3.
 */
export const startCountdown = (
  cartTimeoutSeconds: number | null | undefined,
  nowMs: number,
  preregistration = false,
): CountdownTimer | null => {
  if (preregistration) return { timeoutSeconds: PREREGISTRATION_CART_TIMEOUT, startedAtMs: nowMs };
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

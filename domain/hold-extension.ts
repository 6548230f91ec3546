import { Schema } from "effect";
import type { CartStatus } from "./cart.schema.ts";
import { isPaymentStatus } from "./countdown.ts";
import { isCartChangeable } from "./cart.ts";
import { ticketCap } from "./quantities.ts";

/*
 * A hold the visitor can extend (WCAG 2.2.1 Timing Adjustable, option "Extend"; spec §4 Countdown, §9): before the
 * cart's time limit ends the visitor is asked whether they need more time, and one action gives the cart a fresh
 * cart timeout. How many times, how long and when: here, once, for the server and the web app.
 */

/**
 * Extensions a cart gets when the shop config sets no maxHoldExtensions: 10, the number WCAG 2.2.1 asks for ("the
 * user is allowed to extend the time limit at least ten times"). A shop with scarce stock may set fewer.
 */
export const DEFAULT_MAX_HOLD_EXTENSIONS = 10;

/** The web app asks "More time?" at this many seconds or fewer before the hold ends: 60, at least the 20 s WCAG 2.2.1 asks for. */
export const HOLD_EXTENSION_PROMPT_SECONDS = 60;

/** Extensions a cart of a shop may have: the shop config's maxHoldExtensions, else DEFAULT_MAX_HOLD_EXTENSIONS. */
export const maxHoldExtensions = (config: { readonly maxHoldExtensions?: number | undefined }): number =>
  config.maxHoldExtensions ?? DEFAULT_MAX_HOLD_EXTENSIONS;

/** Extensions left to a cart that used `used` of `max`; never below 0. */
export const holdExtensionsLeft = (used: number, max: number): number => Math.max(0, max - used);

/** A cart's hold as the extension rule sees it: status, when it ends (epoch ms) and the extensions it has used. */
export interface Hold {
  readonly status: CartStatus | (string & {});
  readonly endsAtMs: number;
  readonly extensionsUsed: number;
}

/** What the shop allows: its maxHoldExtensions, its cart timeout in seconds (sale-mode.ts cartTimeoutSecondsOf) and, when bounded, the epoch ms the cart's whole hold ends at. */
export interface HoldExtensionRules {
  readonly maxExtensions: number;
  readonly cartTimeoutSeconds: number;
  readonly holdEndsAtMs?: number;
}

/**
 * The outcome of asking for more time: Extended (the new end, epoch ms, and the extensions used now), or why not:
 * Expired (the hold ended, spec §4 Countdown 6002), NotShopping (in payment or confirmed), UsedUp (no extensions
 * left), AtBound (the hold already ends at its bounded end).
 */
export type HoldExtension =
  | { readonly _tag: "Extended"; readonly endsAtMs: number; readonly extensionsUsed: number }
  | { readonly _tag: "Expired" }
  | { readonly _tag: "NotShopping" }
  | { readonly _tag: "UsedUp" }
  | { readonly _tag: "AtBound" };

/**
 * Decides an extension at `nowMs`: Expired, NotShopping, UsedUp (maxExtensions used), AtBound (the hold ends at
 * holdEndsAtMs already), else the hold ends one cart timeout from now, never earlier than before nor past holdEndsAtMs.
 */
export const extendHold = (hold: Hold, nowMs: number, rules: HoldExtensionRules): HoldExtension => {
  if (hold.endsAtMs <= nowMs) return { _tag: "Expired" };
  if (!isCartChangeable(hold.status)) return { _tag: "NotShopping" };
  if (hold.extensionsUsed >= rules.maxExtensions) return { _tag: "UsedUp" };
  const bound = rules.holdEndsAtMs ?? Number.POSITIVE_INFINITY;
  if (hold.endsAtMs >= bound) return { _tag: "AtBound" };
  const endsAtMs = Math.min(bound, Math.max(hold.endsAtMs, nowMs + rules.cartTimeoutSeconds * 1000));
  return { _tag: "Extended", endsAtMs, extensionsUsed: hold.extensionsUsed + 1 };
};

/** Failed or canceled payments a cart may have when the shop sets no maxFailedPayments. */
export const DEFAULT_MAX_FAILED_PAYMENTS = 3;

/**
 * An operator's hold bounds in a shop's stored config (never sent by GET /shop): maxHoldSeconds, the longest a cart
 * holds stock in all (seconds), and maxFailedPayments, the failed or canceled payments a cart may have.
 */
export const HoldBoundSettings = Schema.Struct({
  maxHoldSeconds: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  maxFailedPayments: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
});
/** A shop's hold bounds as decoded (both optional). */
export type HoldBoundSettings = typeof HoldBoundSettings.Type;

/** Seconds a cart of the shop holds stock in all, however it is extended, ordered, canceled or failed: maxHoldSeconds, else the cart timeout × (1 + maxHoldExtensions). */
export const maxHoldSeconds = (config: { readonly maxHoldExtensions?: number | undefined }, bounds: HoldBoundSettings, cartTimeoutSeconds: number): number =>
  bounds.maxHoldSeconds ?? cartTimeoutSeconds * (1 + maxHoldExtensions(config));

/** Failed or canceled payments a cart may have: maxFailedPayments, else DEFAULT_MAX_FAILED_PAYMENTS; the one that reaches it ends the cart. */
export const maxFailedPayments = (bounds: HoldBoundSettings): number => bounds.maxFailedPayments ?? DEFAULT_MAX_FAILED_PAYMENTS;

/** What a failed or canceled payment leaves: the cart shopping again until endsAtMs (epoch ms), or Ended (its stock goes back, spec §8 6002). */
export type HoldAfterPayment = { readonly _tag: "Shopping"; readonly endsAtMs: number } | { readonly _tag: "Ended" };

/**
 * The hold after the cart's `failedPayments`-th failed or canceled payment at `nowMs`: Ended once maxFailedPayments
 * is reached or the bound (holdEndsAtMs) passed, else shopping for a fresh cart timeout, never past the bound.
 */
export const holdAfterFailedPayment = (
  nowMs: number,
  failedPayments: number,
  rules: { readonly cartTimeoutSeconds: number; readonly holdEndsAtMs: number; readonly maxFailedPayments: number },
): HoldAfterPayment => {
  const endsAtMs = Math.min(rules.holdEndsAtMs, nowMs + rules.cartTimeoutSeconds * 1000);
  return failedPayments >= rules.maxFailedPayments || endsAtMs <= nowMs ? { _tag: "Ended" } : { _tag: "Shopping", endsAtMs };
};

/**
 * How many units of a product one client (an identity, else an address) may hold across its open carts of a shop:
 * the ticket cap (spec §5 Quantities) for a ticket, maxQuantity for another product, undefined when unbounded.
 */
export const clientHoldCap = (product: { readonly type: string; readonly maxQuantity?: number | null | undefined }, maxTicketAmount: number): number | undefined =>
  product.type === "ticket" ? ticketCap(maxTicketAmount, product.maxQuantity) : (product.maxQuantity ?? undefined);

/**
 * True when the web app asks "More time?": a shopping cart with extensions left whose hold ends within
 * HOLD_EXTENSION_PROMPT_SECONDS, not yet ended and before its bounded end (`maxRemainingSeconds`, the cart's maxTimeout).
 */
export const offersHoldExtension = (remainingSeconds: number, status: CartStatus, extensionsLeft: number | undefined, maxRemainingSeconds?: number): boolean =>
  !isPaymentStatus(status) &&
  (extensionsLeft ?? 0) > 0 &&
  remainingSeconds > 0 &&
  remainingSeconds <= HOLD_EXTENSION_PROMPT_SECONDS &&
  (maxRemainingSeconds === undefined || maxRemainingSeconds > remainingSeconds);

import type { CartStatus } from "./cart.schema.ts";
import { isPaymentStatus } from "./countdown.ts";
import { isCartChangeable } from "./cart.ts";

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

/** What the shop allows: its maxHoldExtensions (maxHoldExtensions()) and its cart timeout in seconds (sale-mode.ts cartTimeoutSecondsOf()). */
export interface HoldExtensionRules {
  readonly maxExtensions: number;
  readonly cartTimeoutSeconds: number;
}

/**
 * The outcome of asking for more time: Extended (the new end, epoch ms, and the extensions used now), or why not:
 * Expired (the hold already ended, spec §4 Countdown 6002), NotShopping (in payment or confirmed: spec §4 Countdown
 * restarts the timer at payment instead), UsedUp (no extensions left).
 */
export type HoldExtension =
  | { readonly _tag: "Extended"; readonly endsAtMs: number; readonly extensionsUsed: number }
  | { readonly _tag: "Expired" }
  | { readonly _tag: "NotShopping" }
  | { readonly _tag: "UsedUp" };

/**
 * Decides an extension at `nowMs`: an ended hold (endsAtMs <= nowMs) is Expired; a cart that is not shopping
 * (isCartChangeable) is NotShopping; one that used maxExtensions is UsedUp; otherwise the hold ends one cart timeout
 * from now (never earlier than it already did) and one more extension is used. So a cart is held at most
 * (maxExtensions + 1) cart timeouts while shopping, and each extension at most one cart timeout from the moment it is asked.
 */
export const extendHold = (hold: Hold, nowMs: number, rules: HoldExtensionRules): HoldExtension => {
  if (hold.endsAtMs <= nowMs) return { _tag: "Expired" };
  if (!isCartChangeable(hold.status)) return { _tag: "NotShopping" };
  if (hold.extensionsUsed >= rules.maxExtensions) return { _tag: "UsedUp" };
  return { _tag: "Extended", endsAtMs: Math.max(hold.endsAtMs, nowMs + rules.cartTimeoutSeconds * 1000), extensionsUsed: hold.extensionsUsed + 1 };
};

/**
 * True when the web app asks "More time?": the cart is shopping (not in payment or confirmed: countdown isPaymentStatus,
 * the payment's own countdown), has extensions left (`extensionsLeft`, the cart's
 * holdExtensionsLeft; absent: 0) and its hold ends within HOLD_EXTENSION_PROMPT_SECONDS but has not ended yet.
 */
export const offersHoldExtension = (remainingSeconds: number, status: CartStatus, extensionsLeft: number | undefined): boolean =>
  !isPaymentStatus(status) && (extensionsLeft ?? 0) > 0 && remainingSeconds > 0 && remainingSeconds <= HOLD_EXTENSION_PROMPT_SECONDS;

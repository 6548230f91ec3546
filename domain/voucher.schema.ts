import { Schema } from "effect";
import type { Cents } from "./money.ts";

/** Seconds a voucher stays held by the cart that last applied it (spec §9: "a voucher abandoned at checkout becomes inactive for about 30 minutes"). */
export const VOUCHER_HOLD_SECONDS = 30 * 60;

/** Longest voucher code the Shop API accepts (characters). */
export const VOUCHER_CODE_MAX_LENGTH = 64;

/** Body of PUT /carts/{cartId}/vouchers: `{voucher}`; an empty (or blank) code removes the cart's voucher. spec §7. */
export const PutVoucher = Schema.Struct({ voucher: Schema.String.check(Schema.isMaxLength(VOUCHER_CODE_MAX_LENGTH)) });
/** A PUT /carts/{cartId}/vouchers body. */
export type PutVoucher = typeof PutVoucher.Type;

/** Error code of an unknown voucher (422). spec §8 Voucher. */
export const VOUCHER_INVALID = "voucher.invalid";
/** Error code of a voucher already redeemed or held by another cart (409). spec §8 Voucher. */
export const VOUCHER_USED = "voucher.used";
/** Text shown for voucher.invalid and for a failed voucher request. spec §8 Voucher. */
export const VOUCHER_INVALID_MESSAGE = "This voucher code is invalid";
/** Text shown for voucher.used. spec §8 Voucher. */
export const VOUCHER_USED_MESSAGE = "This voucher code has already been used";

/** Canonical form of a typed voucher code: trimmed and upper-cased ("  summer10 " -> "SUMMER10"). */
export const normalizeVoucherCode = (code: string): string => code.trim().toUpperCase();

/** What a voucher takes off: a fixed amount in cents, or a percentage (0-100) of the subtotal. spec §7 vouchers. */
export type VoucherTerms = { readonly amount: Cents } | { readonly percent: number };

/**
 * Discount in cents of `terms` on `subtotal` cents: the fixed amount, or the percentage rounded half up to the cent;
 * never negative and never more than the subtotal (a total never drops below 0). spec §7 vouchers, §9.
 */
export const discountOn = (subtotal: Cents, terms: VoucherTerms): Cents => {
  const base = Math.max(0, subtotal);
  const raw = "amount" in terms ? terms.amount : Math.round((base * terms.percent) / 100);
  return Math.min(base, Math.max(0, raw)) as Cents;
};

/**
 * The text the shop shows for a voucher failure (spec §8 Voucher): voucher.invalid and voucher.used get their fixed
 * texts, any other code shows the server's message, and a failed request (no code) shows the invalid text.
 */
export const voucherErrorText = (failure: { readonly code: string; readonly message: string } | undefined): string => {
  if (failure === undefined || failure.code === VOUCHER_INVALID) return VOUCHER_INVALID_MESSAGE;
  if (failure.code === VOUCHER_USED) return VOUCHER_USED_MESSAGE;
  return failure.message.trim() === "" ? VOUCHER_INVALID_MESSAGE : failure.message;
};

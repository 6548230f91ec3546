import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { Db, Tx } from "../db/database.ts";
import { carts, payments } from "../db/schema.ts";
import { isExpired, isUuid, lockCart, releaseHolds, type PaymentRow } from "../cart/cart-store.ts";
import { markUpgradeProcessed } from "../orders/upgradable-orders.ts";
import { settlementOverAccountLimit } from "../orders/account-gates.ts";
import { redeemCartVoucher } from "../vouchers/voucher-holds.ts";

/** Outcome a visitor picks on the test provider page (form field `outcome`), also what a provider notification maps to. docs/payments.md. */
export const PaymentOutcome = Schema.Literals(["pay", "fail", "cancel", "pending"]);
/** pay | fail | cancel | pending. */
export type PaymentOutcome = typeof PaymentOutcome.Type;

/** The `status` query value the shop's payment status page receives. */
export type ReturnStatus = "completed" | "failed" | "canceled" | "pending";

/** Payment statuses that never change again (paid, failed, canceled, expired); open and pending still may. spec §7 orders. */
export const FINAL_PAYMENT_STATUSES: ReadonlyArray<string> = ["paid", "failed", "canceled", "expired"];

/** True when the payment status is final (see FINAL_PAYMENT_STATUSES). */
export const isFinalPaymentStatus = (status: string): boolean => FINAL_PAYMENT_STATUSES.includes(status);

const paymentStatusOf: Record<PaymentOutcome, string> = { pay: "paid", fail: "failed", cancel: "canceled", pending: "pending" };

/** Maps a stored payment status to the payment status page's `status`: paid completed, failed failed, open/pending pending, else canceled. */
export const returnStatusOf = (paymentStatus: string): ReturnStatus =>
  paymentStatus === "paid"
    ? "completed"
    : paymentStatus === "failed"
      ? "failed"
      : paymentStatus === "pending" || paymentStatus === "open"
        ? "pending"
        : "canceled";

/** The payment row, or undefined for an unknown/non-UUID id. */
export const findPayment = async (db: Db | Tx, paymentId: string): Promise<PaymentRow | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
};

/** `{redirectUri}?cart={cartId}&status=...` (joined with & when redirectUri already has a query). */
export const returnAddress = (redirectUri: string, cartId: string, status: ReturnStatus): string =>
  `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}cart=${encodeURIComponent(cartId)}&status=${status}`;

/** What one settlement did: where to send the browser, and the payment status before and after (equal when nothing changed). */
export interface Settlement {
  readonly location: string;
  readonly before: string;
  readonly after: string;
  /** Set when the provider took the money but the order is not confirmed, so the payment must be refunded: why (no personal data). */
  readonly refund?: RefundReason;
}

/** Why a paid payment confirmed nothing and must be refunded: the account reached maxOrdersPerAccount meanwhile (spec §6, §8 8001). */
export type RefundReason = "max.orders.per.account";

/** Where a settlement reports a payment to refund: the payment id and why; never personal data. */
export type RefundLog = (entry: { readonly paymentId: string; readonly reason: RefundReason }) => void;

/**
 * Settles a payment inside `tx` (locks the cart, then the payment: the sweep's order, so the two never deadlock).
 * Idempotent: a final payment (paid/failed/canceled/expired) is left as it is; open or pending can move on:
 * pay -> cart confirmed (holds become sales, voucher redeemed), or failed when the cart's single-use voucher went to
 * another cart (redeemCartVoucher) or the cart's account reached maxOrdersPerAccount meanwhile (settlementOverAccountLimit,
 * then `refund` is set); fail/cancel -> cart shopping with a fresh expiry;
 * pending -> stays in_payment. A cart already past expiry is released instead (payment expired). Undefined for an
 * unknown id. spec §4 Cart status, §7 orders.
 */
export const settlePaymentInTx = async (
  tx: Tx,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  cartTimeoutSeconds: number,
): Promise<Settlement | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  const [found] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!found) return undefined;
  const cart = await lockCart(tx, found.cartId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment || !cart) return undefined;
  /** The settlement that leaves the payment at `status` (its own status when nothing changes). */
  const settledAt = (status: string): Settlement => ({
    location: returnAddress(payment.redirectUri, payment.cartId, returnStatusOf(status)),
    before: payment.status,
    after: status,
  });
  if (isFinalPaymentStatus(payment.status)) return settledAt(payment.status);
  if (cart.status === "in_payment" && isExpired(cart, now)) {
    await releaseHolds(tx, cart);
    return { ...settledAt("expired"), location: returnAddress(payment.redirectUri, payment.cartId, "canceled") };
  }
  let status = paymentStatusOf[outcome];
  if (status === payment.status) return settledAt(status);
  // maxOrdersPerAccount holds at settlement too (under the account lock): an order over it is not confirmed, the
  // payment ends failed and is reported for a refund; the voucher is not redeemed.
  if (outcome === "pay" && (await settlementOverAccountLimit(tx, cart, now))) {
    await tx.update(payments).set({ status: "failed", settledAt: now }).where(eq(payments.id, paymentId));
    await tx
      .update(carts)
      .set({ status: "shopping", expiresAt: new Date(now.getTime() + cartTimeoutSeconds * 1000) })
      .where(eq(carts.id, cart.id));
    return { ...settledAt("failed"), refund: "max.orders.per.account" };
  }
  // The single-use voucher is redeemed atomically here; when another cart has it, this payment confirms nothing and
  // the cart goes back to shopping as after a failed payment (its order was priced with the discount).
  if (outcome === "pay" && !(await redeemCartVoucher(tx, cart, now))) status = "failed";
  await tx.update(payments).set({ status, settledAt: now }).where(eq(payments.id, paymentId));
  if (status === "paid") {
    await tx.update(carts).set({ status: "confirmed" }).where(eq(carts.id, cart.id));
    // A paid upgrade processes the upgradable order: its e-mail link answers 4002 from now on (spec §8).
    await markUpgradeProcessed(tx, cart.shopSlug, cart);
  }
  if (status === "failed" || status === "canceled") {
    await tx
      .update(carts)
      .set({ status: "shopping", expiresAt: new Date(now.getTime() + cartTimeoutSeconds * 1000) })
      .where(eq(carts.id, cart.id));
  }
  return settledAt(status);
};

/**
 * Settles a payment once in its own transaction (see settlePaymentInTx). Returns where to send the browser
 * (`{redirectUri}?cart=..&status=..`), or undefined for an unknown id; a paid payment that confirms nothing is reported
 * to `refundLog`.
 */
export const settlePayment = async (
  db: Db,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  cartTimeoutSeconds: number,
  refundLog?: RefundLog,
): Promise<string | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  const settled = await db.transaction((tx) => settlePaymentInTx(tx, paymentId, outcome, now, cartTimeoutSeconds));
  if (settled?.refund) refundLog?.({ paymentId, reason: settled.refund });
  return settled?.location;
};

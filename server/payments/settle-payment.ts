import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { Db, Tx } from "../db/database.ts";
import { carts, payments } from "../db/schema.ts";
import { isUuid } from "../../domain/uuid.ts";
import { isExpired, lockCart, releaseHolds, type PaymentRow } from "../cart/cart-store.ts";
import { markUpgradeProcessed, upgradeProcessedAlready } from "../orders/upgradable-orders.ts";
import { settlementOverAccountLimit } from "../orders/account-gates.ts";
import { recordPreviousOrder } from "../orders/order-records.ts";
import { redeemCartVoucher } from "../vouchers/voucher-holds.ts";
import { enqueueOrderConfirmation, enqueuePaymentPending } from "../mail/order-mail.ts";

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
  /** Set when a successful payment was failed instead of confirming its cart (its money must be refunded): why (no personal data). */
  readonly refusedFor?: "upgrade.processed" | "max.orders.per.account" | "voucher.used";
}

/**
 * Settles a payment inside `tx` (locks the cart, then the payment: the sweep's order, so the two never deadlock).
 * Idempotent: a final payment (paid/failed/canceled/expired) is left as it is; open or pending can move on:

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
  let refusedFor: Settlement["refusedFor"];
  // An upgrade is paid once (spec §8 4002): a payment for an upgradable order that another payment processed confirms
  // nothing; the order's row stays locked to the end of this transaction, so no settlement processes it in between.
  if (outcome === "pay" && (await upgradeProcessedAlready(tx, cart))) refusedFor = "upgrade.processed";
  // maxOrdersPerAccount holds at settlement too (spec §6, §8 8001), under the account lock: an order over it is not
  // confirmed and its voucher is not redeemed.
  else if (outcome === "pay" && (await settlementOverAccountLimit(tx, cart, now))) refusedFor = "max.orders.per.account";
  // The single-use voucher is redeemed atomically here; when another cart has it, this payment confirms nothing and
  // the cart goes back to shopping as after a failed payment (its order was priced with the discount).
  else if (outcome === "pay" && !(await redeemCartVoucher(tx, cart, now))) refusedFor = "voucher.used";
  if (refusedFor) status = "failed";
  await tx.update(payments).set({ status, settledAt: now }).where(eq(payments.id, paymentId));
  if (status === "paid") {
    await tx.update(carts).set({ status: "confirmed" }).where(eq(carts.id, cart.id));
    // A paid upgrade processes the upgradable order (a conditional update): its link answers 4002 from now on (spec §8).
    if (!(await markUpgradeProcessed(tx, cart.shopSlug, cart))) throw new Error(`upgradable order of cart ${cart.id} was processed while its row was locked`);
    // A completed order is one the add-on shop's lookup finds by its number and e-mail (spec §1, §3 Previous order).
    await recordPreviousOrder(tx, cart);
  }
  if (status === "failed" || status === "canceled") {
    await tx
      .update(carts)
      .set({ status: "shopping", expiresAt: new Date(now.getTime() + cartTimeoutSeconds * 1000) })
      .where(eq(carts.id, cart.id));
  }
  // The visitor's mail goes out with this transaction (server/mail outbox): the confirmation of a paid order, the note of a pending payment.
  if (status === "paid") await enqueueOrderConfirmation(tx, cart, payment, now);
  else if (status === "pending") await enqueuePaymentPending(tx, cart, payment, now);
  return refusedFor ? { ...settledAt(status), refusedFor } : settledAt(status);
};

/**
 * Settles a payment once in its own transaction (see settlePaymentInTx). Returns the settlement (`location`: where to
 * send the browser, `{redirectUri}?cart=..&status=..`), or undefined for an unknown id.
 */
export const settlePayment = async (
  db: Db,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  cartTimeoutSeconds: number,
): Promise<Settlement | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  return db.transaction((tx) => settlePaymentInTx(tx, paymentId, outcome, now, cartTimeoutSeconds));
};

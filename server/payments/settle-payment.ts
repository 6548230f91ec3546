import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { Db } from "../db/database.ts";
import { carts, payments } from "../db/schema.ts";
import { isExpired, isUuid, lockCart, releaseHolds, type PaymentRow } from "../cart/cart-store.ts";
import { redeemCartVoucher } from "../vouchers/voucher-holds.ts";

/** Outcome a visitor picks on the test provider page (form field `outcome`). docs/shop-api.md test provider. */
export const PaymentOutcome = Schema.Literals(["pay", "fail", "cancel", "pending"]);
/** pay | fail | cancel | pending. */
export type PaymentOutcome = typeof PaymentOutcome.Type;

/** The `status` query value the shop's payment status page receives. */
export type ReturnStatus = "completed" | "failed" | "canceled" | "pending";

const paymentStatusOf: Record<PaymentOutcome, string> = { pay: "paid", fail: "failed", cancel: "canceled", pending: "pending" };
const returnStatusOf = (paymentStatus: string): ReturnStatus =>
  paymentStatus === "paid" ? "completed" : paymentStatus === "failed" ? "failed" : paymentStatus === "pending" ? "pending" : "canceled";

/** The payment row, or undefined for an unknown/non-UUID id. */
export const findPayment = async (db: Db, paymentId: string): Promise<PaymentRow | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
};

/** `{redirectUri}?cart={cartId}&status=...` (joined with & when redirectUri already has a query). */
export const returnAddress = (redirectUri: string, cartId: string, status: ReturnStatus): string =>
  `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}cart=${encodeURIComponent(cartId)}&status=${status}`;

/**
 * Settles an open payment once (idempotent: a settled payment is left as it is): pay -> cart confirmed (holds
 * become sales); fail/cancel -> cart shopping with a fresh expiry; pending -> stays in_payment. A cart already past
 * expiry is released instead (payment expired). Returns where to send the browser, or undefined for an unknown id.
 */
export const settlePayment = async (
  db: Db,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  cartTimeoutSeconds: number,
): Promise<string | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!found) return undefined;
    // Lock the cart first, then the payment, the same order as the sweep, so the two never deadlock.
    const cart = await lockCart(tx, found.cartId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || !cart) return undefined;
    if (payment.status !== "open") return returnAddress(payment.redirectUri, payment.cartId, returnStatusOf(payment.status));
    if (cart.status === "in_payment" && isExpired(cart, now)) {
      await releaseHolds(tx, cart);
      return returnAddress(payment.redirectUri, payment.cartId, "canceled");
    }
    const status = paymentStatusOf[outcome];
    await tx.update(payments).set({ status, settledAt: now }).where(eq(payments.id, paymentId));
    if (outcome === "pay") {
      await tx.update(carts).set({ status: "confirmed" }).where(eq(carts.id, cart.id));
      await redeemCartVoucher(tx, cart, now);
    }
    if (outcome === "fail" || outcome === "cancel") {
      await tx
        .update(carts)
        .set({ status: "shopping", expiresAt: new Date(now.getTime() + cartTimeoutSeconds * 1000) })
        .where(eq(carts.id, cart.id));
    }
    return returnAddress(payment.redirectUri, payment.cartId, returnStatusOf(status));
  });
};

import { and, eq, inArray, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { Db, Tx } from "../db/database.ts";
import { cartItems, carts, payments, products, shops } from "../db/schema.ts";
import { HoldBoundSettings, holdAfterFailedPayment, maxFailedPayments } from "../../domain/hold-extension.ts";
import { isUuid } from "../../domain/uuid.ts";
import { isExpired, lockCartOfPayment, releaseHolds, type CartRow, type PaymentRow } from "../cart/cart-store.ts";
import { PaymentProviderFailure, type PaymentProviderRegistry } from "./payment-provider.port.ts";
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

/** Payment statuses that never change again (paid, failed, canceled, expired, refunded); open and pending still may. spec §7 orders. */
export const FINAL_PAYMENT_STATUSES: ReadonlyArray<string> = ["paid", "failed", "canceled", "expired", "refunded"];

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

/** `{redirectUri}?cart={cartId}&status=...`, with `&code=` a spec §8 code the payment status page shows (joined with & when redirectUri already has a query). */
export const returnAddress = (redirectUri: string, cartId: string, status: ReturnStatus, code?: "5000"): string =>
  `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}cart=${encodeURIComponent(cartId)}&status=${status}${code ? `&code=${code}` : ""}`;

/** Why a successful payment confirms nothing and its money goes back: an upgrade paid already, over maxOrdersPerAccount, the voucher used elsewhere, or its hold ended and the stock is gone. */
export type RefundReason = "upgrade.processed" | "max.orders.per.account" | "voucher.used" | "hold.ended" | "sold.out";

/** What one settlement did: where to send the browser, the payment status before and after, and a refund it needs (refundSettledPayment). */
export interface Settlement {
  readonly location: string;
  readonly before: string;
  readonly after: string;
  /** Set when money was taken but no order confirmed: why (no personal data); the payment must be refunded. */
  readonly refund?: RefundReason;
}

/** Thrown inside a late success's savepoint to take nothing of it back: why the payment is refunded instead. */
class NotConfirmed extends Error {
  constructor(readonly reason: RefundReason) {
    super(reason);
  }
}

/** Failed, canceled (and refunded) payments of a cart: the count maxFailedPayments bounds. */
const failedPaymentsOf = async (tx: Tx, cartId: string): Promise<number> =>
  (await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.cartId, cartId), inArray(payments.status, ["failed", "canceled", "refunded"])))).length;

/** The shop's hold bounds from its stored config (domain HoldBoundSettings). */
const holdBoundsOf = async (tx: Tx, shopSlug: string): Promise<HoldBoundSettings> => {
  const [row] = await tx.select({ config: shops.config }).from(shops).where(eq(shops.slug, shopSlug));
  return decodeHoldBounds(row?.config ?? {});
};
const decodeHoldBounds = Schema.decodeUnknownSync(HoldBoundSettings);

/** The refusal of a paid cart at confirmation, or undefined: an upgrade paid once, maxOrdersPerAccount, the single-use voucher. spec §6, §8. */
const confirmationRefusal = async (tx: Tx, cart: CartRow, now: Date): Promise<RefundReason | undefined> => {
  // The upgradable order's row stays locked to the end of this transaction, so no settlement processes it in between.
  if (await upgradeProcessedAlready(tx, cart)) return "upgrade.processed";
  // maxOrdersPerAccount holds at settlement too (spec §6, §8 8001), under the account lock.
  if (await settlementOverAccountLimit(tx, cart, now)) return "max.orders.per.account";
  // The single-use voucher is redeemed atomically here; another cart may have it.
  if (!(await redeemCartVoucher(tx, cart, now))) return "voucher.used";
  return undefined;
};

/** Confirms a paid cart: cart confirmed, its upgradable order processed, its previous order recorded. spec §1, §3, §8. */
const confirmCart = async (tx: Tx, cart: CartRow): Promise<void> => {
  await tx.update(carts).set({ status: "confirmed" }).where(eq(carts.id, cart.id));
  // A paid upgrade processes the upgradable order (a conditional update): its link answers 4002 from now on (spec §8).
  if (!(await markUpgradeProcessed(tx, cart.shopSlug, cart))) throw new Error(`upgradable order of cart ${cart.id} was processed while its row was locked`);
  await recordPreviousOrder(tx, cart);
};

/**
 * A success for a payment whose hold ended: the ended cart takes the paid lines again while stock allows and is
 * confirmed; otherwise nothing changes and the settlement asks a refund (RefundReason).
 */
const settleLateSuccess = async (tx: Tx, cart: CartRow, payment: PaymentRow, now: Date, settledAt: (status: string) => Settlement): Promise<Settlement> => {
  // Stock gone to another buyer: the visitor is told 5000 sold out (spec §8) on the payment status page.
  const refund = (reason: RefundReason): Settlement => ({
    ...settledAt(payment.status),
    ...(reason === "sold.out" ? { location: returnAddress(payment.redirectUri, payment.cartId, returnStatusOf(payment.status), "5000") } : {}),
    refund: reason,
  });
  if (cart.status !== "shopping") return refund("hold.ended");
  if (isExpired(cart, now)) await releaseHolds(tx, cart);
  else return refund("hold.ended");
  const lines = Object.entries((payment.heldLines ?? {}) as Record<string, number>).sort(([a], [b]) => a.localeCompare(b));
  if (lines.length === 0 || payment.heldTravel) return refund("hold.ended");
  try {
    await tx.transaction(async (sp) => {
      for (const [productId, quantity] of lines) {
        const taken = await sp
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}` })
          .where(and(eq(products.shopSlug, cart.shopSlug), eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
          .returning({ id: products.id });
        if (taken.length === 0) throw new NotConfirmed("sold.out");
      }
      await sp.insert(cartItems).values(lines.map(([productId, quantity]) => ({ cartId: cart.id, productId, quantity })));
      const refusal = await confirmationRefusal(sp, cart, now);
      if (refusal) throw new NotConfirmed(refusal);
      await sp.update(payments).set({ status: "paid", settledAt: now }).where(eq(payments.id, payment.id));
      await confirmCart(sp, cart);
      await enqueueOrderConfirmation(sp, cart, payment, now);
    });
  } catch (error) {
    if (error instanceof NotConfirmed) return refund(error.reason);
    throw error;
  }
  return settledAt("paid");
};

/**
 * Settles a payment inside `tx` (cart lock, then payment lock): a success confirms (or asks a refund), a late success
 * settles by settleLateSuccess, a failure returns the cart to shopping within its bounds or ends it. spec §4, §7.
 */
export const settlePaymentInTx = async (
  tx: Tx,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  cartTimeoutSeconds: number,
): Promise<Settlement | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  // The cart first, then the payment: the lock order of every cart write.
  const cart = await lockCartOfPayment(tx, paymentId);
  if (!cart) return undefined;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment || !cart) return undefined;
  /** The settlement that leaves the payment at `status` (its own status when nothing changes). */
  const settledAt = (status: string): Settlement => ({
    location: returnAddress(payment.redirectUri, payment.cartId, returnStatusOf(status)),
    before: payment.status,
    after: status,
  });
  if (isFinalPaymentStatus(payment.status)) {
    // A success after the hold ended (the payment expired, or its cart ended since); any other repeat changes nothing.
    const holdEnded = payment.status === "expired" || (cart.status === "shopping" && isExpired(cart, now));
    const lateSuccess = outcome === "pay" && holdEnded && payment.status !== "paid" && payment.status !== "refunded";
    return lateSuccess ? settleLateSuccess(tx, cart, payment, now, settledAt) : settledAt(payment.status);
  }
  // An open payment whose window ran out gives its holds back, unless it succeeds now: its cart still holds them.
  if (cart.status === "in_payment" && isExpired(cart, now) && outcome !== "pay" && payment.status !== "pending") {
    await releaseHolds(tx, cart);
    return { ...settledAt("expired"), location: returnAddress(payment.redirectUri, payment.cartId, "canceled") };
  }
  let status = paymentStatusOf[outcome];
  if (status === payment.status) return settledAt(status);
  const refusedFor = outcome === "pay" ? await confirmationRefusal(tx, cart, now) : undefined;
  if (refusedFor) status = "failed";
  await tx.update(payments).set({ status, settledAt: now }).where(eq(payments.id, paymentId));
  if (status === "paid") await confirmCart(tx, cart);
  if (status === "failed" || status === "canceled") {
    const bounds = await holdBoundsOf(tx, cart.shopSlug);
    const next = holdAfterFailedPayment(now.getTime(), await failedPaymentsOf(tx, cart.id), {
      cartTimeoutSeconds,
      holdEndsAtMs: cart.holdEndsAt?.getTime() ?? Number.POSITIVE_INFINITY,
      maxFailedPayments: maxFailedPayments(bounds),
    });
    if (next._tag === "Shopping") {
      await tx.update(carts).set({ status: "shopping", expiresAt: new Date(next.endsAtMs) }).where(eq(carts.id, cart.id));
    } else {
      // Past its bounds the cart ends: its stock goes back and it takes no change or order again (spec §8 6002).
      await releaseHolds(tx, cart);
      await tx.update(carts).set({ status: "shopping", expiresAt: now, holdEndsAt: now }).where(eq(carts.id, cart.id));
    }
  }
  // The visitor's mail goes out with this transaction (server/mail outbox): the confirmation of a paid order, the note of a pending payment.
  if (status === "paid") await enqueueOrderConfirmation(tx, cart, payment, now);
  else if (status === "pending") await enqueuePaymentPending(tx, cart, payment, now);
  return refusedFor ? { ...settledAt(status), refund: refusedFor } : settledAt(status);
};

/**
 * Settles a payment once in its own transaction (see settlePaymentInTx), then refunds it through `providers` when
 * the settlement asks it (refundSettledPayment). Returns the settlement and the refund's outcome, or undefined for an
 * unknown id.
 */
export const settlePayment = async (
  db: Db,
  paymentId: string,
  outcome: PaymentOutcome,
  now: Date,
  cartTimeoutSeconds: number,
  providers?: PaymentProviderRegistry,
): Promise<(Settlement & { readonly refunded?: RefundOutcome }) | undefined> => {
  if (!isUuid(paymentId)) return undefined;
  const settlement = await db.transaction((tx) => settlePaymentInTx(tx, paymentId, outcome, now, cartTimeoutSeconds));
  if (!settlement?.refund || !providers) return settlement;
  return { ...settlement, refunded: await refundSettledPayment(db, providers, paymentId, now) };
};

/** How a refund went: refunded (the provider took it; the payment is refunded), failed (the provider refused: refund it by hand). */
export type RefundOutcome = "refunded" | "failed";

/**
 * Gives a payment's money back through its provider (PaymentProvider.refundPayment; `providerReference`: the
 * provider's reference of the captured payment, default the stored one) and records the payment refunded. spec §7.
 */
export const refundSettledPayment = async (db: Db, providers: PaymentProviderRegistry, paymentId: string, now: Date, providerReference?: string): Promise<RefundOutcome> => {
  const payment = await findPayment(db, paymentId);
  const provider = payment ? providers.get(payment.provider) : undefined;
  if (!payment || !provider) return "failed";
  try {
    await provider.refundPayment({ paymentId, amount: payment.amount, providerReference: providerReference ?? payment.providerReference ?? undefined });
  } catch (error) {
    if (error instanceof PaymentProviderFailure) return "failed";
    throw error;
  }
  await db.update(payments).set({ status: "refunded", settledAt: now }).where(eq(payments.id, paymentId));
  return "refunded";
};

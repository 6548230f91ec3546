import type { Db } from "../db/database.ts";
import { paymentEvents } from "../db/schema.ts";
import type { AdyenNotificationItem, AdyenPaymentProvider } from "./adyen-payment-provider.ts";
import { findPayment, settlePaymentInTx, type PaymentOutcome, type Settlement } from "./settle-payment.ts";

/**
 * What one verified Adyen notification item did: applied, duplicate, ignored, unknown payment, foreign account, amount
 * mismatch, or a late success that is refunded.
 */
export type AdyenItemResult =
  | { readonly result: "applied" | "ignored" | "late-success"; readonly settlement?: Settlement }
  | { readonly result: "duplicate" | "unknown-payment" | "foreign-account" | "amount-mismatch" };

/**
 * The payment outcome an Adyen event stands for: AUTHORISATION success -> pay, AUTHORISATION failure -> fail,
 * CANCELLATION or OFFER_CLOSED success -> cancel; undefined for every other event (REPORT_AVAILABLE, CAPTURE, REFUND…).
 */
export const outcomeOfAdyenEvent = (item: Pick<AdyenNotificationItem, "eventCode" | "success">): PaymentOutcome | undefined => {
  if (item.eventCode === "AUTHORISATION") return item.success === "true" ? "pay" : "fail";
  if ((item.eventCode === "CANCELLATION" || item.eventCode === "OFFER_CLOSED") && item.success === "true") return "cancel";
  return undefined;
};

/** The de-duplication id of an Adyen event (payment_events.eventId): `{eventCode}:{pspReference}:{success}`. */
export const adyenEventId = (item: Pick<AdyenNotificationItem, "eventCode" | "pspReference" | "success">): string =>
  `${item.eventCode}:${item.pspReference}:${item.success}`;

/**
 * Applies one verified notification item exactly once: records the event and settles its payment in one transaction.
 * spec §9 payment providers; docs/payments.md.
 */
export const applyAdyenNotificationItem = async (
  db: Db,
  provider: AdyenPaymentProvider,
  item: AdyenNotificationItem,
  now: Date,
  cartTimeoutSeconds: number,
): Promise<AdyenItemResult> => {
  if (item.merchantAccountCode !== provider.merchantAccount) return { result: "foreign-account" };
  const known = await findPayment(db, item.merchantReference);
  if (!known || known.provider !== provider.name) return { result: "unknown-payment" };
  return db.transaction(async (tx): Promise<AdyenItemResult> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: adyenEventId(item), paymentId: known.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { result: "duplicate" };
    const outcome = outcomeOfAdyenEvent(item);
    if (!outcome) return { result: "ignored" };
    if (outcome === "pay" && (item.amount.value !== known.amount || item.amount.currency !== "EUR")) return { result: "amount-mismatch" };
    const settlement = await settlePaymentInTx(tx, known.id, outcome, now, cartTimeoutSeconds);
    if (!settlement) return { result: "unknown-payment" };
    // Adyen took the money: a success that confirms nothing is refunded (an authorisation after a failure or cancellation too).
    if (outcome === "pay" && settlement.after !== "paid") return { result: "late-success", settlement: { ...settlement, refund: settlement.refund ?? "hold.ended" } };
    return { result: settlement.before === settlement.after ? "ignored" : "applied", settlement };
  });
};

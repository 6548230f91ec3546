import type { FastifyInstance } from "fastify";
import { Schema } from "effect";
import { AdyenNotificationBody, isAdyenProvider } from "../payments/adyen-payment-provider.ts";
import { applyAdyenNotificationItem } from "../payments/adyen-notifications.ts";
import { findPayment, refundSettledPayment, returnAddress, returnStatusOf } from "../payments/settle-payment.ts";
import { AdyenHmacInvalid, AdyenNotConfigured } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

const ReturnQuery = Schema.Struct({ payment: Schema.NonEmptyString });
const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment not found</title></head><body><main><h1>Payment not found</h1></main></body></html>`;

const adyenUnavailable = (): AdyenNotConfigured => new AdyenNotConfigured({ code: "payment.provider.unavailable", message: "The Adyen payment provider is not configured." });

/**
 * The Adyen webhook (spec §9; docs/payments.md): verifies each item's HMAC and applies each valid item once;
 * AdyenHmacInvalid for a forged item, AdyenNotConfigured without Adyen.
 */
export const adyenNotificationRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  app.post("/payments/adyen/notifications", async (request, reply) => {
    const provider = deps.providers.get("adyen");
    if (!isAdyenProvider(provider)) throw adyenUnavailable();
    const body = decodeOrThrow(AdyenNotificationBody, request.body, "notification");
    let rejected = 0;
    for (const { NotificationRequestItem: item } of body.notificationItems) {
      if (!provider.verifyNotificationItem(item)) {
        rejected += 1;
        request.log.warn({ pspReference: item.pspReference, eventCode: item.eventCode }, "Adyen notification item with an invalid HMAC signature rejected");
        continue;
      }
      const applied = await applyAdyenNotificationItem(deps.db, provider, item, deps.clock(), deps.cartTimeoutSeconds);
      request.log.info({ pspReference: item.pspReference, eventCode: item.eventCode, result: applied.result }, "Adyen notification item");
      if (applied.result === "late-success") {
        // Money taken but no order confirmed: it goes back through Adyen (ids and the reason only in the log).
        const refund = await refundSettledPayment(deps.db, deps.providers, item.merchantReference, deps.clock(), item.pspReference);
        const fields = { pspReference: item.pspReference, merchantReference: item.merchantReference, reason: applied.settlement?.refund, refund };
        if (refund === "refunded") request.log.warn(fields, "Adyen authorised a payment that does not confirm its order: refunded");
        else request.log.error(fields, "Adyen authorised a payment that does not confirm its order: the refund failed, refund it by hand");
      }
      if (applied.result === "amount-mismatch") {
        request.log.error({ pspReference: item.pspReference, merchantReference: item.merchantReference, result: applied.result }, "Adyen authorised a payment that does not confirm its order: refund it by hand");
      }
      const after = "settlement" in applied ? applied.settlement?.after : undefined;
      if (applied.result === "applied" && (after === "failed" || after === "canceled" || after === "expired")) {
        // The hosted page of a failed or canceled order must take no later payment.
        const payment = await findPayment(deps.db, item.merchantReference);
        if (payment?.providerReference) {
          await provider.expirePaymentLink(payment.providerReference).catch((error: unknown) => {
            request.log.warn({ err: error, linkId: payment.providerReference }, "Could not expire the Adyen payment link");
          });
        }
      }
    }
    if (rejected > 0) throw new AdyenHmacInvalid({ code: "adyen.hmac.invalid", message: `${rejected} notification item(s) with an invalid HMAC signature were rejected.` });
    return reply.code(200).type("text/plain; charset=utf-8").send("[accepted]");
  });
};

/**
 * The Adyen return step (docs/payments.md): redirects to the order's redirectUri with its status; read-only, so returns
 * change nothing.
 */
export const adyenReturnRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {

  app.get("/payments/adyen/return", async (request, reply) => {
    const { payment: paymentId } = decodeOrThrow(ReturnQuery, request.query, "query");
    const payment = await findPayment(deps.db, paymentId);
    if (!payment || payment.provider !== "adyen") return reply.code(404).type("text/html; charset=utf-8").send(notFoundPage);
    return reply.code(303).header("location", returnAddress(payment.redirectUri, payment.cartId, returnStatusOf(payment.status))).send();
  });
};

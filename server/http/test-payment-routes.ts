import type { FastifyInstance } from "fastify";
import formbody from "@fastify/formbody";
import { Schema } from "effect";
import type { Cents } from "../../domain/money.ts";
import type { Db } from "../db/database.ts";
import { findPayment, PaymentOutcome, settlePayment } from "../payments/settle-payment.ts";
import type { PaymentProviderRegistry } from "../payments/payment-provider.port.ts";
import { paymentNotFoundPage, paymentPageLocale, testPaymentPage } from "../payments/test-payment-page.ts";
import { decodeOrThrow } from "./decode.ts";

/** What the test provider routes need: database, clock, cart timeout in seconds (a failed payment restarts it) and the providers (refunds). */
export interface TestPaymentRoutesDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly cartTimeoutSeconds: number;
  readonly providers: PaymentProviderRegistry;
}

const OutcomeForm = Schema.Struct({ outcome: PaymentOutcome });

/** GET/POST /test-payments/:paymentId: the built-in provider's page and its one-time settlement (303 back to the shop). */
export const testPaymentRoutes = (deps: TestPaymentRoutesDeps) => async (app: FastifyInstance) => {
  // The page's own form post is the one place a form body is parsed (encapsulated in this plugin); every other route
  // takes JSON only, so a cross-site HTML form cannot post to them.
  await app.register(formbody);
  app.get<{ Params: { paymentId: string }; Querystring: { lang?: unknown } }>("/test-payments/:paymentId", async (request, reply) => {
    const locale = paymentPageLocale({ lang: request.query.lang, cookieHeader: request.headers.cookie, acceptLanguage: request.headers["accept-language"] });
    const payment = await findPayment(deps.db, request.params.paymentId);
    if (!payment) return reply.code(404).type("text/html; charset=utf-8").send(paymentNotFoundPage(locale));
    // The form posts here and is then redirected to the shop; Chrome applies form-action to that redirect too.
    let returnOrigin = "";
    try {
      returnOrigin = ` ${new URL(payment.redirectUri).origin}`;
    } catch {
      returnOrigin = "";
    }
    const csp = String(reply.getHeader("content-security-policy") ?? "");
    if (csp) reply.header("content-security-policy", csp.replace("form-action 'self'", `form-action 'self'${returnOrigin}`));
    return reply
      .type("text/html; charset=utf-8")
      .send(testPaymentPage({ paymentId: payment.id, amount: payment.amount as Cents, method: payment.method, status: payment.status, locale }));
  });

  app.post<{ Params: { paymentId: string } }>("/test-payments/:paymentId", async (request, reply) => {
    const { outcome } = decodeOrThrow(OutcomeForm, request.body, "form");
    const settled = await settlePayment(deps.db, request.params.paymentId, outcome, deps.clock(), deps.cartTimeoutSeconds, deps.providers);
    if (!settled) {
      const locale = paymentPageLocale({ cookieHeader: request.headers.cookie, acceptLanguage: request.headers["accept-language"] });
      return reply.code(404).type("text/html; charset=utf-8").send(paymentNotFoundPage(locale));
    }
    if (settled.refund) {
      // Ids, the reason and the refund's outcome only: nothing personal in the log.
      const fields = { paymentId: request.params.paymentId, reason: settled.refund, refund: settled.refunded };
      if (settled.refunded === "refunded") request.log.warn(fields, "payment taken but its order not confirmed: refunded");
      else request.log.error(fields, "payment taken but its order not confirmed: the refund failed, refund it by hand");
    }
    return reply.code(303).header("location", settled.location).send();
  });
};

import type { PaymentMethod } from "../../domain/cart.schema.ts";
import type { CreatePaymentInput, PaymentProvider } from "./payment-provider.port.ts";

/** Methods of the built-in test provider (iDEAL, credit card, Bancontact). */
export const TEST_PAYMENT_METHODS: ReadonlyArray<PaymentMethod> = [
  { name: "iDEAL", uid: "ideal" },
  { name: "Credit card", uid: "scheme" },
  { name: "Bancontact", uid: "bcmc" },
];

/**
 * The built-in `test` provider: pays on this server's own page, and stands in for Adyen where no Adyen is configured
 * (docs/payments.md "Stand-in").
 */
export const testPaymentProvider = (publicOrigin?: string): PaymentProvider => ({
  name: "test",
  standsInFor: ["adyen"],
  availablePaymentMethods: () => TEST_PAYMENT_METHODS.map((m) => ({ ...m })),
  createPayment: async (input: CreatePaymentInput) => ({
    redirectUri: `${(publicOrigin ?? input.returnUrl).replace(/\/$/, "")}/test-payments/${encodeURIComponent(input.paymentId)}`,
  }),
  // Nothing was taken from anyone: the refund is the payment's status (refunded), recorded by the settlement.
  refundPayment: async () => undefined,
});

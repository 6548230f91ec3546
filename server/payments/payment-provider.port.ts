import { Data } from "effect";
import type { PaymentMethod } from "../../domain/cart.schema.ts";

/** What a provider needs to start a payment: ids, amount in cents, chosen method uid, the server's public origin and the hold's end. */
export interface CreatePaymentInput {
  readonly paymentId: string;
  readonly cartId: string;
  /** Amount to pay, integer euro cents. */
  readonly amount: number;
  readonly method: string;
  /** Origin (scheme://host[:port]) under which this server is reachable by the browser. */
  readonly returnUrl: string;
  /** When the cart's holds end (the payment page should not outlive them); optional for providers that ignore it. */
  readonly expiresAt?: Date;
}

/** A started payment: the provider page the browser goes to, and the provider's own id of it (Adyen payment link id) when it has one. */
export interface CreatedPayment {
  readonly redirectUri: string;
  readonly providerReference?: string;
}

/** A refund of a whole payment: our payment id, its amount in cents and the provider's reference of the captured payment (Adyen pspReference). */
export interface RefundPaymentInput {
  readonly paymentId: string;
  /** Amount to give back, integer euro cents. */
  readonly amount: number;
  readonly providerReference?: string | undefined;
}

/** A payment provider (spec §9 adyen, paylogic; `test` built in): its methods, how to start a payment and how to refund one. spec §7 orders. */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Provider names this one answers for while no provider of that name is registered: the built-in `test` provider
   * stands in for `adyen` outside production, so a demo shop configured for Adyen gets Adyen's checkout rules (the
   * state field, spec §5) and a payment page (docs/payments.md).
   */
  readonly standsInFor?: ReadonlyArray<string>;
  availablePaymentMethods(): PaymentMethod[];
  /** Starts a payment; resolves to the provider page the browser goes to; rejects with PaymentProviderFailure when the provider refuses or is unreachable. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Gives a payment's whole amount back (a success whose order could not be confirmed); rejects with PaymentProviderFailure. */
  refundPayment(input: RefundPaymentInput): Promise<void>;
}

/** A provider call that failed (refused, unreachable, unexpected answer); the order fails with PaymentProviderFailed and nothing changes. */
export class PaymentProviderFailure extends Data.TaggedError("PaymentProviderFailure")<{ readonly provider: string; readonly message: string }> {}

/** Provider lookup by the shop config's shopInit.paymentProvider; undefined when none is registered under that name. */
export interface PaymentProviderRegistry {
  get(name: string): PaymentProvider | undefined;
}

/** Builds a registry from providers keyed by their `name`; a name no provider has goes to the first provider that standsInFor it. */
export const paymentProviderRegistry = (providers: ReadonlyArray<PaymentProvider>): PaymentProviderRegistry => {
  const byName = new Map(providers.map((p) => [p.name, p] as const));
  const standIn = (name: string) => providers.find((p) => p.standsInFor?.includes(name));
  return { get: (name) => byName.get(name) ?? standIn(name) };
};

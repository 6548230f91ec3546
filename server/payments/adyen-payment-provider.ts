import { CheckoutAPI, Client, Config, EnvironmentEnum, hmacValidator, HttpClientException } from "@adyen/api-library";
import type { Types } from "@adyen/api-library";
import { Exit, Schema } from "effect";
import type { PaymentMethod } from "../../domain/cart.schema.ts";
import { PaymentProviderFailure, type CreatePaymentInput, type CreatedPayment, type PaymentProvider } from "./payment-provider.port.ts";

/** The HTTP client the Adyen library calls (its `ClientInterface`); injected in tests with recorded answers (no network). */
export type AdyenHttpClient = ConstructorParameters<typeof Client>[1] & {};

/**
 * Settings of the Adyen provider (ADYEN_* variables, docs/payments.md), where the browser reaches this server, and an
 * optional HTTP client. spec §9.
 */
export interface AdyenSettings {
  readonly apiKey: string;
  readonly merchantAccount: string;
  readonly hmacKey: string;
  readonly environment: "TEST" | "LIVE";
  readonly liveUrlPrefix?: string;
  readonly publicOrigin?: string;
  readonly httpClient?: AdyenHttpClient;
}

/** Methods offered through Adyen, by Adyen's payment method type (sent as the link's allowedPaymentMethods). docs/payments.md. */
export const ADYEN_PAYMENT_METHODS: ReadonlyArray<PaymentMethod> = [
  { name: "iDEAL", uid: "ideal" },
  { name: "Credit card", uid: "scheme" },
  { name: "Bancontact", uid: "bcmc" },
];

/** Path of the return step the hosted payment page sends the browser to (`?payment={paymentId}`), see server/http/adyen-routes.ts. */
export const ADYEN_RETURN_PATH = "/payments/adyen/return";

/** One Adyen standard-webhook item (`NotificationRequestItem`), as far as this server reads it; amount.value in cents. */
export const AdyenNotificationItem = Schema.Struct({
  additionalData: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
  amount: Schema.Struct({ currency: Schema.String, value: Schema.Int }),
  eventCode: Schema.String,
  eventDate: Schema.optional(Schema.String),
  merchantAccountCode: Schema.String,
  merchantReference: Schema.String,
  originalReference: Schema.optional(Schema.String),
  paymentMethod: Schema.optional(Schema.String),
  pspReference: Schema.String,
  reason: Schema.optional(Schema.String),
  success: Schema.Literals(["true", "false"]),
});
/** A decoded notification item. */
export type AdyenNotificationItem = typeof AdyenNotificationItem.Type;

/** Body of POST /payments/adyen/notifications: `{live, notificationItems: [{NotificationRequestItem}]}` (at least one item). */
export const AdyenNotificationBody = Schema.Struct({
  live: Schema.optional(Schema.String),
  notificationItems: Schema.NonEmptyArray(Schema.Struct({ NotificationRequestItem: AdyenNotificationItem })),
});
/** A decoded notification batch. */
export type AdyenNotificationBody = typeof AdyenNotificationBody.Type;

/** The part of Adyen's PaymentLinkResponse the server keeps: link id and hosted page URL. */
const PaymentLinkCreated = Schema.Struct({ id: Schema.NonEmptyString, url: Schema.String.check(Schema.isPattern(/^https:\/\//)) });

/** The Adyen provider: a PaymentProvider named `adyen` that can also verify notification items (HMAC) for its merchant account. */
export interface AdyenPaymentProvider extends PaymentProvider {
  readonly name: "adyen";
  readonly merchantAccount: string;
  /** True when the item's additionalData.hmacSignature is the HMAC-SHA256 of its fields under the configured key (library validator). */
  verifyNotificationItem(item: AdyenNotificationItem): boolean;
  /** Expires the payment link `linkId` (PATCH /paymentLinks/{id} status expired) so a failed or canceled order's page takes no later payment; rejects with PaymentProviderFailure. */
  expirePaymentLink(linkId: string): Promise<void>;
}

/** True when the registered provider is the Adyen one (it verifies notifications). */
export const isAdyenProvider = (provider: PaymentProvider | undefined): provider is AdyenPaymentProvider =>
  provider?.name === "adyen" && typeof (provider as Partial<AdyenPaymentProvider>).verifyNotificationItem === "function";

/** The item in the library's own type, for its HMAC validator (which reads only the signed fields and additionalData). */
const asLibraryItem = (item: AdyenNotificationItem): Types.notification.NotificationRequestItem =>
  item as unknown as Types.notification.NotificationRequestItem;

const describeFailure = (error: unknown): string => {
  if (error instanceof HttpClientException) return `Adyen answered ${error.statusCode}${error.errorCode ? ` (${error.errorCode})` : ""}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
};

/**
 * Adyen through @adyen/api-library: each order becomes a payment link (cents, EUR) expiring with the cart's holds, the
 * payment id as reference and Idempotency-Key. spec §7 orders, §9.
 */
export const adyenPaymentProvider = (settings: AdyenSettings): AdyenPaymentProvider => {
  const config = new Config({
    apiKey: settings.apiKey,
    environment: settings.environment === "LIVE" ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(settings.liveUrlPrefix ? { liveEndpointUrlPrefix: settings.liveUrlPrefix } : {}),
  });
  const client = settings.httpClient ? new Client(config, settings.httpClient) : new Client(config);
  const checkout = new CheckoutAPI(client);
  const validator = new hmacValidator();

  return {
    name: "adyen",
    merchantAccount: settings.merchantAccount,
    availablePaymentMethods: () => ADYEN_PAYMENT_METHODS.map((m) => ({ ...m })),

    createPayment: async (input: CreatePaymentInput): Promise<CreatedPayment> => {
      const origin = (settings.publicOrigin ?? input.returnUrl).replace(/\/$/, "");
      const request: Types.checkout.PaymentLinkRequest = {
        amount: { currency: "EUR", value: input.amount },
        merchantAccount: settings.merchantAccount,
        reference: input.paymentId,
        returnUrl: `${origin}${ADYEN_RETURN_PATH}?payment=${encodeURIComponent(input.paymentId)}`,
        allowedPaymentMethods: [input.method],
        reusable: false,
        ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
      };
      let answer: unknown;
      try {
        answer = await checkout.PaymentLinksApi.paymentLinks(request, { idempotencyKey: input.paymentId });
      } catch (error) {
        throw new PaymentProviderFailure({ provider: "adyen", message: describeFailure(error) });
      }
      const decoded = Schema.decodeUnknownExit(PaymentLinkCreated)(answer);
      if (Exit.isFailure(decoded)) throw new PaymentProviderFailure({ provider: "adyen", message: "Adyen answered a payment link without id or https url." });
      return { redirectUri: decoded.value.url, providerReference: decoded.value.id };
    },

    refundPayment: async (input) => {
      if (!input.providerReference) throw new PaymentProviderFailure({ provider: "adyen", message: "A refund needs the payment's pspReference." });
      const request: Types.checkout.PaymentRefundRequest = {
        amount: { currency: "EUR", value: input.amount },
        merchantAccount: settings.merchantAccount,
        reference: input.paymentId,
      };
      try {
        await checkout.ModificationsApi.refundCapturedPayment(input.providerReference, request, { idempotencyKey: `refund-${input.paymentId}` });
      } catch (error) {
        throw new PaymentProviderFailure({ provider: "adyen", message: describeFailure(error) });
      }
    },

    expirePaymentLink: async (linkId) => {
      try {
        await checkout.PaymentLinksApi.updatePaymentLink(linkId, { status: "expired" as Types.checkout.UpdatePaymentLinkRequest.StatusEnum });
      } catch (error) {
        throw new PaymentProviderFailure({ provider: "adyen", message: describeFailure(error) });
      }
    },

    verifyNotificationItem: (item) => {
      try {
        return validator.validateHMAC(asLibraryItem(item), settings.hmacKey);
      } catch {
        // The validator throws when hmacSignature is missing: an unsigned item is not valid.
        return false;
      }
    },
  };
};

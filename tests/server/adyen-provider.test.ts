import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { adyenPaymentProvider, isAdyenProvider } from "../../server/payments/adyen-payment-provider.ts";
import { adyenEventId, outcomeOfAdyenEvent } from "../../server/payments/adyen-notifications.ts";
import { recordedAdyenHttpClient } from "./adyen-recorded-client.ts";
import { adyenSettingsFromEnv, parseShopSlugs } from "../../server/payments/adyen-settings.ts";
import { PaymentProviderFailure } from "../../server/payments/payment-provider.port.ts";
import { testPaymentProvider } from "../../server/payments/test-payment-provider.ts";
import { adyenFixture, adyenItem, RECORDED_LINK, recordedAdyen, recordedNotification, TEST_HMAC_KEY, TEST_MERCHANT } from "./adyen-support.ts";

const INPUT = {
  paymentId: "3f1e9a52-7c1b-4d2e-9a0f-5b6c7d8e9f01",
  cartId: "0b7e1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  amount: 45900,
  method: "bcmc",
  returnUrl: "https://shop.example.com",
  expiresAt: new Date("2027-06-01T12:15:00Z"),
};

describe("Adyen payment provider (recorded answers, no network)", () => {
  it("creates a payment link for the amount in cents and answers its page and id", async () => {
    const { provider, requests } = recordedAdyen();
    expect(await provider.createPayment(INPUT)).toEqual({ redirectUri: RECORDED_LINK.url, providerReference: RECORDED_LINK.id });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "https://checkout-test.adyen.com/v72/paymentLinks",
      idempotencyKey: INPUT.paymentId,
      body: {
        amount: { currency: "EUR", value: 45900 },
        merchantAccount: TEST_MERCHANT,
        reference: INPUT.paymentId,
        returnUrl: `https://shop.example.com/payments/adyen/return?payment=${INPUT.paymentId}`,
        allowedPaymentMethods: ["bcmc"],
        expiresAt: "2027-06-01T12:15:00.000Z",
      },
    });
  });

  it("uses the LIVE checkout endpoint with the merchant's URL prefix and the public origin for the return step", async () => {
    const { client, requests } = recordedAdyenHttpClient([{ ...adyenFixture("payment-link-created"), request: { method: "POST", path: "/checkout/v72/paymentLinks" } }]);
    const provider = adyenPaymentProvider({
      apiKey: "AQE_live",
      merchantAccount: TEST_MERCHANT,
      hmacKey: TEST_HMAC_KEY,
      environment: "LIVE",
      liveUrlPrefix: "1797a841fbb37ca7-FestivalShop",
      publicOrigin: "https://tickets.example.org/",
      httpClient: client,
    });
    await provider.createPayment(INPUT);
    expect(requests[0]!.url).toBe("https://1797a841fbb37ca7-FestivalShop-checkout-live.adyenpayments.com/checkout/v72/paymentLinks");
    expect((requests[0]!.body as { returnUrl: string }).returnUrl).toBe(`https://tickets.example.org/payments/adyen/return?payment=${INPUT.paymentId}`);
  });

  it("rejects with PaymentProviderFailure when Adyen refuses, answers off the schema, or no answer is recorded", async () => {
    const refused = recordedAdyen([adyenFixture("payment-link-refused")]).provider;
    await expect(refused.createPayment(INPUT)).rejects.toThrow(PaymentProviderFailure);
    await expect(refused.createPayment(INPUT)).rejects.toThrow(/422 \(702\)/);
    const noUrl = recordedAdyen([{ request: { method: "POST", path: "/v72/paymentLinks" }, response: { status: 201, body: { id: "PL1", url: "http://insecure" } } }]).provider;
    await expect(noUrl.createPayment(INPUT)).rejects.toThrow(PaymentProviderFailure);
    await expect(recordedAdyen([]).provider.createPayment(INPUT)).rejects.toThrow(/No recorded Adyen answer/);
  });

  it("expires a payment link with PATCH status expired", async () => {
    const { provider, requests } = recordedAdyen();
    await provider.expirePaymentLink(RECORDED_LINK.id);
    expect(requests[0]).toMatchObject({ method: "PATCH", url: `https://checkout-test.adyen.com/v72/paymentLinks/${RECORDED_LINK.id}`, body: { status: "expired" } });
    await expect(recordedAdyen([]).provider.expirePaymentLink("PL_unknown")).rejects.toThrow(PaymentProviderFailure);
  });

  it("offers iDEAL, credit card and Bancontact by Adyen's method types and is told apart from the test provider", () => {
    const { provider } = recordedAdyen();
    expect(provider.availablePaymentMethods()).toEqual([
      { name: "iDEAL", uid: "ideal" },
      { name: "Credit card", uid: "scheme" },
      { name: "Bancontact", uid: "bcmc" },
    ]);
    expect(isAdyenProvider(provider)).toBe(true);
    expect(isAdyenProvider(testPaymentProvider())).toBe(false);
    expect(isAdyenProvider(undefined)).toBe(false);
  });
});

describe("Adyen notification HMAC (library validator)", () => {
  const recorded = recordedNotification().notificationItems[0]!.NotificationRequestItem;

  it("accepts the recorded notification under the test key and refuses it under another key or without a signature", () => {
    const { provider } = recordedAdyen();
    expect(provider.verifyNotificationItem(recorded)).toBe(true);
    const other = adyenPaymentProvider({ apiKey: "k", merchantAccount: TEST_MERCHANT, hmacKey: "00".repeat(32), environment: "TEST" });
    expect(other.verifyNotificationItem(recorded)).toBe(false);
    expect(provider.verifyNotificationItem({ ...recorded, additionalData: {} })).toBe(false);
    expect(provider.verifyNotificationItem({ ...recorded, additionalData: { hmacSignature: "bm90LWJhc2U2NA" } })).toBe(false);
  });

  test.prop([
    fc.constantFrom("pspReference", "merchantReference", "eventCode", "merchantAccountCode"),
    fc.string({ minLength: 1, maxLength: 20 }),
  ])("refuses an item whose signed field was changed after signing", (field, suffix) => {
    const { provider } = recordedAdyen();
    const signed = adyenItem({});
    expect(provider.verifyNotificationItem(signed)).toBe(true);
    expect(provider.verifyNotificationItem({ ...signed, [field]: `${signed[field]}${suffix}` })).toBe(false);
  });

  test.prop([fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom("true", "false")])("refuses a changed amount or success flag", (value, success) => {
    const { provider } = recordedAdyen();
    const signed = adyenItem({ amount: { currency: "EUR", value: 45900 }, success: "true" });
    const changed = { ...signed, amount: { currency: "EUR", value }, success: success as "true" | "false" };
    expect(provider.verifyNotificationItem(changed)).toBe(value === 45900 && success === "true");
  });
});

describe("Adyen events", () => {
  it("maps events to outcomes: AUTHORISATION success pay, failure fail, CANCELLATION/OFFER_CLOSED cancel, others none", () => {
    expect(outcomeOfAdyenEvent({ eventCode: "AUTHORISATION", success: "true" })).toBe("pay");
    expect(outcomeOfAdyenEvent({ eventCode: "AUTHORISATION", success: "false" })).toBe("fail");
    expect(outcomeOfAdyenEvent({ eventCode: "CANCELLATION", success: "true" })).toBe("cancel");
    expect(outcomeOfAdyenEvent({ eventCode: "OFFER_CLOSED", success: "true" })).toBe("cancel");
    expect(outcomeOfAdyenEvent({ eventCode: "CANCELLATION", success: "false" })).toBeUndefined();
    for (const eventCode of ["REPORT_AVAILABLE", "CAPTURE", "REFUND", "CHARGEBACK"]) expect(outcomeOfAdyenEvent({ eventCode, success: "true" })).toBeUndefined();
  });

  it("identifies an event by event code, pspReference and success", () => {
    expect(adyenEventId({ eventCode: "AUTHORISATION", pspReference: "QFQTPCQ8HXSKGK82", success: "true" })).toBe("AUTHORISATION:QFQTPCQ8HXSKGK82:true");
    expect(adyenEventId({ eventCode: "AUTHORISATION", pspReference: "QFQTPCQ8HXSKGK82", success: "false" })).not.toBe(
      adyenEventId({ eventCode: "AUTHORISATION", pspReference: "QFQTPCQ8HXSKGK82", success: "true" }),
    );
  });
});

describe("Adyen settings from the environment", () => {
  const complete = { ADYEN_API_KEY: "AQE_key", ADYEN_MERCHANT_ACCOUNT: TEST_MERCHANT, ADYEN_HMAC_KEY: TEST_HMAC_KEY };

  it("is off without any Adyen variable and TEST by default when the three are set", () => {
    expect(adyenSettingsFromEnv({})).toBeUndefined();
    expect(adyenSettingsFromEnv({ ...complete, PUBLIC_ORIGIN: "https://tickets.example.org" })).toEqual({
      apiKey: "AQE_key",
      merchantAccount: TEST_MERCHANT,
      hmacKey: TEST_HMAC_KEY,
      environment: "TEST",
      publicOrigin: "https://tickets.example.org",
    });
    expect(adyenSettingsFromEnv({ ...complete, ADYEN_ENVIRONMENT: "live", ADYEN_LIVE_URL_PREFIX: "abc-Shop" })).toMatchObject({ environment: "LIVE", liveUrlPrefix: "abc-Shop" });
  });

  it("refuses a partial or invalid setup, naming what is wrong", () => {
    expect(() => adyenSettingsFromEnv({ ADYEN_API_KEY: "k" })).toThrow(/ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY/);
    expect(() => adyenSettingsFromEnv({ ...complete, ADYEN_HMAC_KEY: "not-hex" })).toThrow(/ADYEN_HMAC_KEY/);
    expect(() => adyenSettingsFromEnv({ ...complete, ADYEN_ENVIRONMENT: "PROD" })).toThrow(/TEST or LIVE/);
    expect(() => adyenSettingsFromEnv({ ...complete, ADYEN_ENVIRONMENT: "LIVE" })).toThrow(/ADYEN_LIVE_URL_PREFIX/);
  });

  it("reads ADYEN_SHOPS as a comma list of slugs", () => {
    expect(parseShopSlugs(" lowlands-lights, ,northern-nights ")).toEqual(["lowlands-lights", "northern-nights"]);
    expect(parseShopSlugs(undefined)).toEqual([]);
  });
});

import path from "node:path";
import { fileURLToPath } from "node:url";
import { hmacValidator, type Types } from "@adyen/api-library";
import { adyenPaymentProvider, type AdyenNotificationItem } from "../../server/payments/adyen-payment-provider.ts";
import { loadAdyenFixture, recordedAdyenHttpClient, type RecordedAdyenExchange } from "./adyen-recorded-client.ts";
import { readFileSync } from "node:fs";

/** HMAC signature Adyen would put in additionalData.hmacSignature for `item` under the hex `hmacKey` (the library's calculator). */
const adyenItemSignature = (item: AdyenNotificationItem, hmacKey: string): string =>
  new hmacValidator().calculateHmac(item as unknown as Types.notification.NotificationRequestItem, hmacKey);

/** Folder of the recorded Adyen answers. */
export const ADYEN_FIXTURES = fileURLToPath(new URL("./fixtures/adyen/", import.meta.url));
/** The test HMAC key (hex) the recorded notification is signed with. */
export const TEST_HMAC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
/** Merchant account of the recordings. */
export const TEST_MERCHANT = "FestivalShopECOM";
/** The payment link id and page of the recorded POST /paymentLinks answer. */
export const RECORDED_LINK = { id: "PL61C53A8B97E6915A", url: "https://test.adyen.link/PL61C53A8B97E6915A" } as const;

/** Loads a recorded exchange by file name (tests/server/fixtures/adyen/{name}.json). */
export const adyenFixture = (name: string): RecordedAdyenExchange => loadAdyenFixture(path.join(ADYEN_FIXTURES, `${name}.json`));

/** The recorded webhook body (notification-authorisation.json) as it arrived, signature included. */
export const recordedNotification = (): { live: string; notificationItems: Array<{ NotificationRequestItem: AdyenNotificationItem }> } =>
  JSON.parse(readFileSync(path.join(ADYEN_FIXTURES, "notification-authorisation.json"), "utf8"));

/** An Adyen provider over recorded answers (created link, expired link unless `exchanges` says otherwise) and the log of its requests. */
export const recordedAdyen = (exchanges: ReadonlyArray<RecordedAdyenExchange> = [adyenFixture("payment-link-created"), adyenFixture("payment-link-expired")]) => {
  const { client, requests } = recordedAdyenHttpClient(exchanges);
  const provider = adyenPaymentProvider({ apiKey: "AQE_test_key", merchantAccount: TEST_MERCHANT, hmacKey: TEST_HMAC_KEY, environment: "TEST", httpClient: client });
  return { provider, requests };
};

/** A notification item built from the recorded one: `changes` applied, then signed with the test key (unless `sign` is false). */
export const adyenItem = (changes: Partial<AdyenNotificationItem>, sign = true): AdyenNotificationItem => {
  const base = recordedNotification().notificationItems[0]!.NotificationRequestItem;
  const item = { ...base, ...changes, additionalData: { paymentLinkId: RECORDED_LINK.id } };
  return sign ? { ...item, additionalData: { ...item.additionalData, hmacSignature: adyenItemSignature(item, TEST_HMAC_KEY) } } : item;
};

/** A webhook body carrying `items`. */
export const adyenBatch = (...items: AdyenNotificationItem[]) => ({ live: "false", notificationItems: items.map((i) => ({ NotificationRequestItem: i })) });

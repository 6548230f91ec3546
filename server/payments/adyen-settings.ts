import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { shops } from "../db/schema.ts";
import { forgetCachedShops } from "../shop/shop-store.ts";
import type { AdyenSettings } from "./adyen-payment-provider.ts";

const ADYEN_REQUIRED = ["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_HMAC_KEY"] as const;

/**
 * Adyen settings from the ADYEN_* variables (docs/payments.md); undefined when none is set; throws for a partial or
 * invalid setup so the server does not start half-configured.
 */
export const adyenSettingsFromEnv = (env: Readonly<Record<string, string | undefined>>): AdyenSettings | undefined => {
  const value = (name: string) => (env[name] ?? "").trim() || undefined;
  const missing = ADYEN_REQUIRED.filter((name) => !value(name));
  if (missing.length === ADYEN_REQUIRED.length) return undefined;
  if (missing.length > 0) throw new Error(`Adyen is partly configured: set ${missing.join(", ")} too (or none of ${ADYEN_REQUIRED.join(", ")}).`);
  const hmacKey = value("ADYEN_HMAC_KEY")!;
  if (!/^([0-9a-fA-F]{2})+$/.test(hmacKey)) throw new Error("ADYEN_HMAC_KEY must be the hexadecimal HMAC key from the Adyen webhook settings.");
  const environment = (value("ADYEN_ENVIRONMENT") ?? "TEST").toUpperCase();
  if (environment !== "TEST" && environment !== "LIVE") throw new Error("ADYEN_ENVIRONMENT must be TEST or LIVE.");
  const liveUrlPrefix = value("ADYEN_LIVE_URL_PREFIX");
  if (environment === "LIVE" && !liveUrlPrefix) throw new Error("ADYEN_LIVE_URL_PREFIX is required when ADYEN_ENVIRONMENT is LIVE.");
  const publicOrigin = value("PUBLIC_ORIGIN");
  return {
    apiKey: value("ADYEN_API_KEY")!,
    merchantAccount: value("ADYEN_MERCHANT_ACCOUNT")!,
    hmacKey,
    environment,
    ...(liveUrlPrefix ? { liveUrlPrefix } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
  };
};

/** Comma list of shop slugs (env ADYEN_SHOPS) -> the slugs, trimmed, empty entries dropped. */
export const parseShopSlugs = (text: string | undefined): string[] =>
  (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Sets shopInit.paymentProvider of the shops `slugs` to `provider` in their stored config (jsonb), so their orders
 * go to that provider; returns how many shops changed. Used by server/main.ts for ADYEN_SHOPS and by tests.
 */
export const usePaymentProviderFor = async (db: Db, slugs: ReadonlyArray<string>, provider: "adyen" | "paylogic" | "test"): Promise<number> => {
  if (slugs.length === 0) return 0;
  const changed = await db
    .update(shops)
    .set({ config: sql`jsonb_set(${shops.config}, '{shopInit,paymentProvider}', to_jsonb(${provider}::text))` })
    .where(inArray(shops.slug, [...slugs]))
    .returning({ slug: shops.slug });
  forgetCachedShops(db);
  return changed.length;
};

import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { shops } from "../db/schema.ts";
import { forgetCachedShops } from "../shop/shop-store.ts";
import { testPaymentsAllowed } from "../server-settings.ts";
import { adyenPaymentProvider } from "./adyen-payment-provider.ts";
import { adyenSettingsFromEnv, parseShopSlugs, usePaymentProviderFor } from "./adyen-settings.ts";
import type { PaymentProvider } from "./payment-provider.port.ts";
import { testPaymentProvider } from "./test-payment-provider.ts";

/** Slugs of the shops whose stored config pays with `provider` (shopInit.paymentProvider), in slug order. */
export const shopsPayingWith = async (db: Db, provider: string): Promise<string[]> => {
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(sql`${shops.config} -> 'shopInit' ->> 'paymentProvider' = ${provider}`)
    .orderBy(shops.slug);
  return rows.map((r) => r.slug);
};

/** The payment providers the server starts with, and a line to log about them (undefined when there is nothing to say). */
export interface StartupProviders {
  readonly providers: PaymentProvider[];
  readonly notes: string[];
}

/**
 * The payment providers at start (spec §9, docs/payments.md): `test` where allowed, Adyen when configured; rejects when
 * Adyen is half configured or a shop pays with a test provider not allowed.
 */
export const paymentProvidersAtStartup = async (db: Db, env: Readonly<Record<string, string | undefined>>): Promise<StartupProviders> => {
  const adyenSettings = adyenSettingsFromEnv(env);
  const publicOrigin = env["PUBLIC_ORIGIN"] || undefined;
  const providers: PaymentProvider[] = [];
  const notes: string[] = [];
  const testAllowed = testPaymentsAllowed(env);
  if (testAllowed) providers.push(testPaymentProvider(publicOrigin));
  if (adyenSettings) {
    providers.push(adyenPaymentProvider(adyenSettings));
    const slugs = parseShopSlugs(env["ADYEN_SHOPS"]);
    const switched = await usePaymentProviderFor(db, slugs, "adyen");
    notes.push(`Adyen (${adyenSettings.environment}) registered${slugs.length > 0 ? `; ${switched} shop(s) pay with Adyen` : ""}.`);
  }
  if (!testAllowed) {
    forgetCachedShops(db);
    const onTest = await shopsPayingWith(db, "test");
    if (onTest.length > 0) {
      throw new Error(
        `NODE_ENV=production: shop(s) ${onTest.join(", ")} pay with the built-in test provider, which confirms orders without payment. ` +
          "Switch them to a real provider (ADYEN_* and ADYEN_SHOPS), or set TEST_PAYMENTS=enabled for a demo deployment.",
      );
    }
  } else if (env["NODE_ENV"] === "production") {
    notes.push("TEST_PAYMENTS=enabled: the built-in test provider confirms orders without payment (demo deployment).");
  }
  return { providers, notes };
};

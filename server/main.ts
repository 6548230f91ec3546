import { existsSync } from "node:fs";
import { buildServer, parseOrigins } from "./app.ts";
import { noticeAdminToken } from "./notice-admin-token.ts";
import { seedDemoCatalogue } from "./catalogue/seed.ts";
import { DEFAULT_DATA_DIR, openDatabase } from "./db/database.ts";
import { adyenPaymentProvider } from "./payments/adyen-payment-provider.ts";
import { adyenSettingsFromEnv, parseShopSlugs, usePaymentProviderFor } from "./payments/adyen-settings.ts";
import type { PaymentProvider } from "./payments/payment-provider.port.ts";
import { testPaymentProvider } from "./payments/test-payment-provider.ts";

/**
 * Entry point: PORT (3000), HOST (0.0.0.0), DATABASE_URL (PostgreSQL, optional), DATA_DIR (PGlite, ./.data/pglite),
 * PUBLIC_ORIGIN, NOTICE_ADMIN_TOKEN (default: .data/notice-admin-token, generated); Adyen (docs/payments.md) when ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEY are set
 * (ADYEN_ENVIRONMENT TEST|LIVE, ADYEN_LIVE_URL_PREFIX; ADYEN_SHOPS: comma list of shop slugs switched to Adyen).
 */
const main = async (): Promise<void> => {
  // Read the payment settings first: a half-configured Adyen stops the server before it opens the database.
  const adyenSettings = adyenSettingsFromEnv(process.env);
  const port = Number(process.env["PORT"] ?? 3000);
  const host = process.env["HOST"] ?? "0.0.0.0";
  const databaseUrl = process.env["DATABASE_URL"] || undefined;
  const dataDir = process.env["DATA_DIR"] || DEFAULT_DATA_DIR;
  process.env["NOTICE_ADMIN_TOKEN"] = noticeAdminToken();
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  if (await seedDemoCatalogue(database.db)) console.log("Seeded the demo catalogue.");
  const staticDir = existsSync("dist/index.html") ? "dist" : undefined;
  const publicOrigin = process.env["PUBLIC_ORIGIN"] || undefined;
  const paymentProviders: PaymentProvider[] = [testPaymentProvider(publicOrigin)];
  if (adyenSettings) {
    paymentProviders.push(adyenPaymentProvider(adyenSettings));
    const slugs = parseShopSlugs(process.env["ADYEN_SHOPS"]);
    const switched = await usePaymentProviderFor(database.db, slugs, "adyen");
    console.log(`Adyen (${adyenSettings.environment}) registered${slugs.length > 0 ? `; ${switched} shop(s) pay with Adyen` : ""}.`);
  }
  // Payment returns may go to the configured origins, the public origin, and this server on localhost (a proxy in
  // front of it, e.g. Pact's verifier, makes the request's own Host differ from the address the visitor used).
  const allowedRedirectOrigins = [
    ...parseOrigins(process.env["ALLOWED_REDIRECT_ORIGINS"]),
    ...(publicOrigin ? parseOrigins(publicOrigin) : []),
    `http://localhost:${port}`,
  ];
  const app = await buildServer({
    db: database.db,
    allowedRedirectOrigins,
    logger: true,
    paymentProviders,
    ...(staticDir ? { staticDir } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port, host });
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  app.log.info(`Festival shop (${database.driver}${staticDir ? ", serving dist/" : ", API only"}) at http://${shown}:${port}/`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { existsSync } from "node:fs";
import { buildServer, parseOrigins } from "./app.ts";
import { noticeAdminToken } from "./notice-admin-token.ts";
import { seedDemoCatalogue } from "./catalogue/seed.ts";
import { DEFAULT_DATA_DIR, openDatabase } from "./db/database.ts";
import { adyenSettingsFromEnv } from "./payments/adyen-settings.ts";
import { paymentProvidersAtStartup } from "./payments/provider-setup.ts";
import { queueTokenSecret, queueTokenTtlSeconds } from "./queue/queue-settings.ts";
import {
  assertNoProviderStatesInProduction,
  demoCatalogueAllowed,
  parseTrustProxy,
  personalDataRetentionSecondsFromEnv,
  publicOriginFromEnv,
  timeoutsFromEnv,
} from "./server-settings.ts";

/**
 * Entry point: PORT (3000), HOST (0.0.0.0), DATABASE_URL (PostgreSQL, optional), DATA_DIR (PGlite, ./.data/pglite),
 * PUBLIC_ORIGIN, NOTICE_ADMIN_TOKEN (default: .data/notice-admin-token, generated); Adyen (docs/payments.md) when ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEY are set
 * (ADYEN_ENVIRONMENT TEST|LIVE, ADYEN_LIVE_URL_PREFIX; ADYEN_SHOPS: comma list of shop slugs switched to Adyen);
 * TRUST_PROXY, REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, IDLE_TIMEOUT_MS, PERSONAL_DATA_RETENTION_DAYS, TEST_PAYMENTS,
 * DEMO_CATALOGUE, PACT_PROVIDER_STATES (server-settings.ts), QUEUE_TOKEN_SECRET (default outside production:
 * .data/queue-token-secret, generated), QUEUE_TOKEN_TTL_SECONDS, DEMO_QUEUE (queue/queue-settings.ts); the identity
 * provider's IDENTITY_PROVIDER_JWKS, IDENTITY_PROVIDER_COOKIE_KEYS, REDIS_URL and REDIS_KEY_PREFIX (app.ts); README.
 * Refuses to start on a settings error (exit 1).
 */
const main = async (): Promise<void> => {
  // Read the settings first: a half-configured Adyen or a malformed timeout stops the server before it opens the database.
  adyenSettingsFromEnv(process.env);
  const trustProxy = parseTrustProxy(process.env["TRUST_PROXY"]);
  const timeouts = timeoutsFromEnv(process.env);
  const personalDataRetentionSeconds = personalDataRetentionSecondsFromEnv(process.env);
  const publicOrigin = publicOriginFromEnv(process.env);
  assertNoProviderStatesInProduction(process.env);
  queueTokenTtlSeconds(process.env);
  const port = Number(process.env["PORT"] ?? 3000);
  const host = process.env["HOST"] ?? "0.0.0.0";
  const databaseUrl = process.env["DATABASE_URL"] || undefined;
  const dataDir = process.env["DATA_DIR"] || DEFAULT_DATA_DIR;
  process.env["NOTICE_ADMIN_TOKEN"] = noticeAdminToken();
  // One secret for every process of the deployment (buildServer reads it from here): tokens issued by one verify in all.
  process.env["QUEUE_TOKEN_SECRET"] = queueTokenSecret(process.env);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  if (!demoCatalogueAllowed(process.env)) console.log("NODE_ENV=production: the demo catalogue is not seeded (DEMO_CATALOGUE=enabled seeds it).");
  else if (await seedDemoCatalogue(database.db)) console.log("Seeded the demo catalogue.");
  const staticDir = existsSync("dist/index.html") ? "dist" : undefined;
  let paymentProviders;
  try {
    const startup = await paymentProvidersAtStartup(database.db, process.env);
    paymentProviders = startup.providers;
    for (const note of startup.notes) console.log(note);
  } catch (error) {
    await database.close();
    throw error;
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
    trustProxy,
    timeouts,
    personalDataRetentionSeconds,
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

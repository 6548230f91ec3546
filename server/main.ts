import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { workersFromEnv } from "./cluster/workers.ts";
import { buildServer, parseOrigins } from "./app.ts";
import { noticeAdminToken } from "./notice-admin-token.ts";
import { seedDemoCatalogue } from "./catalogue/seed.ts";
import { DEFAULT_DATA_DIR, openDatabase } from "./db/database.ts";
import { adyenSettingsFromEnv } from "./payments/adyen-settings.ts";
import { paymentProvidersAtStartup } from "./payments/provider-setup.ts";
import { queueTokenSecret, queueTokenTtlSeconds } from "./queue/queue-settings.ts";
import { redisCommandTimeoutMs } from "./cluster/redis-client.ts";
import { orderLookupLimitsFromEnv } from "./orders/order-lookup-limit.ts";
import { startMailCatcher, type MailCatcher } from "./mail/mail-catcher.ts";
import { mailSettingsFromEnv } from "./mail/mail-settings.ts";
import { nodemailerMailTransport } from "./mail/nodemailer-mail-transport.ts";
import {
  assertNoProviderStatesInProduction,
  demoCatalogueAllowed,
  parseTrustProxy,
  personalDataRetentionSecondsFromEnv,
  publicOriginFromEnv,
  timeoutsFromEnv,
} from "./server-settings.ts";

/**
 * Entry point: reads and checks every setting (README's settings table), opens the database, seeds the demo catalogue,
 * sets up payments and mail and serves, alone or as WORKERS workers. A bad setting exits 1.
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
  redisCommandTimeoutMs(process.env);
  orderLookupLimitsFromEnv(process.env);
  const mailSettings = mailSettingsFromEnv(process.env);
  const port = Number(process.env["PORT"] ?? 3000);
  const host = process.env["HOST"] ?? "0.0.0.0";
  const databaseUrl = process.env["DATABASE_URL"] || undefined;
  const dataDir = process.env["DATA_DIR"] || DEFAULT_DATA_DIR;
  const { workers, note: workersNote } = workersFromEnv(process.env, availableParallelism());
  // A worker of the cluster: its primary already migrated, seeded, checked the providers and set the shared secrets.
  const isWorker = cluster.isWorker;
  if (!isWorker) {
    if (workersNote) console.log(workersNote);
    process.env["NOTICE_ADMIN_TOKEN"] = noticeAdminToken();
    // One secret for every process of the deployment (buildServer reads it from here): tokens issued by one verify in all.
    process.env["QUEUE_TOKEN_SECRET"] = queueTokenSecret(process.env);
  }
  // Development without SMTP_URL: the primary runs the mail catcher, and every process (workers read SMTP_URL) sends to it.
  let catcher: MailCatcher | undefined;
  if (!isWorker && mailSettings.kind === "catcher") {
    const smtpUrl = `smtp://127.0.0.1:${mailSettings.smtpPort}`;
    try {
      catcher = await startMailCatcher(mailSettings);
      console.log(`Mail catcher: every mail the shop sends shows at ${catcher.webUrl}`);
    } catch (error) {
      console.warn(`The mail catcher did not start (${(error as Error).message}); mail goes to ${smtpUrl} all the same (another catcher may be there) and waits in the outbox while nothing answers.`);
    }
    process.env["SMTP_URL"] = smtpUrl;
  }
  const mailSmtpUrl = mailSettings.kind === "off" ? undefined : mailSettings.kind === "smtp" ? mailSettings.smtpUrl : process.env["SMTP_URL"];
  const database = await openDatabase(databaseUrl ? { databaseUrl, migrate: !isWorker } : { dataDir });
  if (!isWorker) {
    if (!demoCatalogueAllowed(process.env)) console.log("NODE_ENV=production: the demo catalogue is not seeded (DEMO_CATALOGUE=enabled seeds it).");
    else if (await seedDemoCatalogue(database.db)) console.log("Seeded the demo catalogue.");
  }
  const staticDir = existsSync("dist/index.html") ? "dist" : undefined;
  let paymentProviders;
  try {
    const startup = await paymentProvidersAtStartup(database.db, process.env);
    paymentProviders = startup.providers;
    if (!isWorker) for (const note of startup.notes) console.log(note);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (workers > 1 && cluster.isPrimary) {
    await database.close();
    return runPrimary(workers, port, host, catcher);
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
    workers,
    timeouts,
    personalDataRetentionSeconds,
    ...(staticDir ? { staticDir } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
    ...(mailSmtpUrl && mailSettings.kind !== "off"
      ? { mail: { transport: nodemailerMailTransport(mailSmtpUrl), from: mailSettings.from, origin: publicOrigin ?? `http://localhost:${port}` } }
      : {}),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    await catcher?.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port, host });
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  if (isWorker) app.log.info(`Worker ${cluster.worker?.id ?? "?"} (pid ${process.pid}) serves http://${shown}:${port}/`);
  else app.log.info(`Festival shop (${database.driver}${staticDir ? ", serving dist/" : ", API only"}) at http://${shown}:${port}/`);
};

/** A worker that dies is replaced after this delay (ms); one that dies before the shop first listened stops the shop (a start error). */
const RESTART_DELAY_MS = 1_000;

/**
 * The cluster's primary: forks the workers on one port, replaces one that dies, stops all on SIGTERM/SIGINT; exits 1
 * when a worker dies before all first listened.
 */
const runPrimary = async (workers: number, port: number, host: string, catcher: MailCatcher | undefined): Promise<void> => {
  let stopping = false;
  // Set once every first worker listened: from then on a dying worker, even a replacement that fails to start, is replaced.
  let up = false;
  const listened = new Set<number>();
  const fork = () => cluster.fork();
  cluster.on("listening", (worker) => {
    listened.add(worker.id);
    if (!up && listened.size === workers) {
      up = true;
      const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
      console.log(`Festival shop (postgres, ${workers} workers) at http://${shown}:${port}/`);
    }
  });
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await catcher?.stop();
    process.exit(code);
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!up) {
      console.error(`Worker ${worker.id} exited with ${code ?? signal} before it listened; stopping the shop.`);
      void stopAll(1);
      return;
    }
    console.error(`Worker ${worker.id} (pid ${worker.process.pid}) died (${code ?? signal}); starting a new one.`);
    setTimeout(() => void (stopping || fork()), RESTART_DELAY_MS);
  });
  process.once("SIGINT", () => void stopAll(0));
  process.once("SIGTERM", () => void stopAll(0));
  for (let i = 0; i < workers; i += 1) fork();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

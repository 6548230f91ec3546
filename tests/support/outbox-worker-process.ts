/*
 * A mail outbox worker as a process of its own (the exactly-once tests kill it with SIGKILL mid-send): the outbox of
 * DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), sent to SMTP_URL with the server's nodemailer transport, the lease
 * LEASE_MS, polling often. Prints "ready" once it runs.
 */
import { openDatabase } from "../../server/db/database.ts";
import { nodemailerMailTransport } from "../../server/mail/nodemailer-mail-transport.ts";
import { startOutboxWorker } from "../../server/mail/outbox-worker.ts";

const databaseUrl = process.env["DATABASE_URL"];
const database = await openDatabase(databaseUrl ? { databaseUrl, migrate: false } : { dataDir: process.env["DATA_DIR"] ?? "" });
const worker = startOutboxWorker({
  db: database.db,
  transport: nodemailerMailTransport(process.env["SMTP_URL"] ?? ""),
  from: "Festival shop <noreply@shop.example>",
  origin: "https://shop.example",
  clock: () => new Date(),
  leaseMs: Number(process.env["LEASE_MS"] ?? 2000),
  pollIntervalMs: 100,
});
process.once("SIGTERM", () => {
  void worker.stop().then(() => database.close()).then(() => process.exit(0));
});
console.log("ready");

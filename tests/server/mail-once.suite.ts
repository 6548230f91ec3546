import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Db, openDatabase, type OpenDatabase } from "../../server/db/database.ts";
import { mailOutbox } from "../../server/db/schema.ts";
import { enqueueMail } from "../../server/mail/mail-outbox.ts";
import { messageIdOf } from "../../server/mail/outbox-worker.ts";
import { smtpTestServer } from "../support/mail.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WORKER = fileURLToPath(new URL("../support/outbox-worker-process.ts", import.meta.url));
const FROM = "Festival shop <noreply@shop.example>";
/** The lease the worker processes take rows for: short, so a dead worker's row is due again within the test. */
const LEASE_MS = 1500;

/** Where the worker processes find the outbox: a PostgreSQL URL, or a PGlite directory that one process opens at a time. */
interface OutboxDatabase {
  readonly env: Record<string, string>;
  /** Runs `use` on the database; on PGlite it is opened for the call only (no worker may have it open meanwhile). */
  with<T>(use: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

const postgresOutbox = async (): Promise<OutboxDatabase> => {
  const throwaway = await createThrowawayPostgres(TEST_POSTGRES_URL, "mail_once");
  const database = await openDatabase({ databaseUrl: throwaway.url });
  return {
    env: { DATABASE_URL: throwaway.url },
    with: (use) => use(database.db),
    dispose: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
};

const pgliteOutbox = async (): Promise<OutboxDatabase> => {
  const dir = mkdtempSync(path.join(tmpdir(), "mail-once-"));
  const dataDir = path.join(dir, "pglite");
  const open = (): Promise<OpenDatabase> => openDatabase({ dataDir });
  await (await open()).close();
  return {
    env: { DATA_DIR: dataDir },
    with: async (use) => {
      const database = await open();
      try {
        return await use(database.db);
      } finally {
        await database.close();
      }
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
};

/** The upgrade-link mail of order `orderId`, written to the outbox as a settlement would, due now. */
const writeMail = (db: Db, orderId: string) =>
  db.transaction((tx) =>
    enqueueMail(
      tx,
      {
        kind: "upgrade-link",
        facts: { shopTitle: "Lowlands Lights", logo: null, orderId, upgradeText: null, linkPath: `/lowlands-lights/upgrade?idt_oss_order_id=${orderId}&access_id=acc` },
        recipient: "sam.visser@example.com",
        locale: "en",
        dedupeKey: `upgrade-link:test:${orderId}`,
      },
      new Date(),
    ),
  );

/** Starts the outbox worker process on `database` sending to `smtpUrl`; resolves once it runs. */
const startWorker = async (database: OutboxDatabase, smtpUrl: string): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    cwd: ROOT,
    env: { ...process.env, ...database.env, SMTP_URL: smtpUrl, LEASE_MS: String(LEASE_MS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  for (let waited = 0; !output.includes("ready"); waited += 50) {
    if (child.exitCode !== null || waited > 60_000) throw new Error(`the outbox worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
};

const stopWorker = async (child: ChildProcess, signal: NodeJS.Signals): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill(signal);
  await exited;
};

const rowOf = (database: OutboxDatabase, orderId: string) =>
  database.with(async (db) => (await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `upgrade-link:test:${orderId}`)))[0]!);

/** Waits until `check` holds (polled), failing after `ms`. */
const eventually = async (check: () => boolean, ms = 30_000): Promise<void> => {
  for (let waited = 0; !check(); waited += 100) {
    if (waited > ms) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The outbox sends a mail exactly once across a worker process killed mid-send (docs/mail.md "Once"), on one database driver. */
export const mailOnceSuite = (driver: string, openOutbox: () => Promise<OutboxDatabase>, options: { readonly twoWorkers?: boolean } = {}) =>
  describe(`the mail outbox across worker processes on ${driver}`, { timeout: 240_000 }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("sends a mail once, under its one Message-ID, when the worker sending it is killed (SIGKILL) before the SMTP server answered", async () => {
      const database = await openOutbox();
      cleanups.push(() => database.dispose());
      const smtp = await smtpTestServer();
      cleanups.push(() => smtp.stop());
      await database.with((db) => writeMail(db, "LL-UPG-ONCE-1"));
      const row = await rowOf(database, "LL-UPG-ONCE-1");

      // The SMTP server takes the whole message and holds its answer: the worker is mid-send when it dies.
      smtp.state.stall = true;
      const first = await startWorker(database, smtp.url);
      cleanups.push(() => stopWorker(first, "SIGKILL"));
      await smtp.next("stalled");
      const gone = smtp.next("closed");
      await stopWorker(first, "SIGKILL");
      await gone;
      smtp.state.stall = false;
      smtp.release();
      expect(smtp.accepted).toHaveLength(0);
      const leased = await rowOf(database, "LL-UPG-ONCE-1");
      expect(leased).toMatchObject({ status: "pending", attempts: 1 });
      expect(leased.leaseUntil).not.toBeNull();

      // Another worker finds the row once the dead one's lease ended, and sends it under the same Message-ID.
      const second = await startWorker(database, smtp.url);
      cleanups.push(() => stopWorker(second, "SIGTERM"));
      await eventually(() => smtp.accepted.length > 0);
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
      await stopWorker(second, "SIGTERM");
      expect(smtp.accepted.map((m) => m.messageId)).toEqual([messageIdOf(row.id, FROM)]);
      expect(smtp.accepted[0]!.to).toEqual(["sam.visser@example.com"]);
      expect(await rowOf(database, "LL-UPG-ONCE-1")).toMatchObject({ status: "sent", attempts: 2, leaseUntil: null });
    });

    it("keeps a mail while the SMTP server is down and sends it once it is back", async () => {
      const database = await openOutbox();
      cleanups.push(() => database.dispose());
      const smtp = await smtpTestServer();
      const port = smtp.port;
      await smtp.stop();
      await database.with((db) => writeMail(db, "LL-UPG-DOWN-1"));
      const worker = await startWorker(database, `smtp://127.0.0.1:${port}`);
      cleanups.push(() => stopWorker(worker, "SIGTERM"));
      // The first attempt fails (connection refused); the row waits for its retry.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await stopWorker(worker, "SIGTERM");
      const waiting = await rowOf(database, "LL-UPG-DOWN-1");
      expect(waiting).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      // Back up on the same port: the retry (about 5 s after the failure) sends it.
      const back = await smtpTestServer(port);
      cleanups.push(() => back.stop());
      const again = await startWorker(database, back.url);
      cleanups.push(() => stopWorker(again, "SIGTERM"));
      await eventually(() => back.accepted.length > 0, 20_000);
      await stopWorker(again, "SIGTERM");
      expect(back.accepted.map((m) => m.messageId)).toEqual([messageIdOf(waiting.id, FROM)]);
      expect(await rowOf(database, "LL-UPG-DOWN-1")).toMatchObject({ status: "sent", attempts: 2 });
    });

    if (options.twoWorkers) {
      it("sends every mail once when two worker processes share the outbox", async () => {
        const database = await openOutbox();
        cleanups.push(() => database.dispose());
        const smtp = await smtpTestServer();
        cleanups.push(() => smtp.stop());
        const orders = Array.from({ length: 30 }, (_, i) => `LL-UPG-TWO-${i}`);
        await database.with(async (db) => {
          for (const orderId of orders) await writeMail(db, orderId);
        });
        const workers = [await startWorker(database, smtp.url), await startWorker(database, smtp.url)];
        for (const worker of workers) cleanups.push(() => stopWorker(worker, "SIGTERM"));
        await eventually(() => smtp.accepted.length >= orders.length);
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const worker of workers) await stopWorker(worker, "SIGTERM");
        const ids = smtp.accepted.map((m) => m.messageId);
        expect(ids).toHaveLength(orders.length);
        expect(new Set(ids).size).toBe(orders.length);
      });
    }
  });

export { pgliteOutbox, postgresOutbox };

import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { Duration, Effect, Schedule } from "effect";
import { DEFAULT_LOCALE, toSupportedLocale } from "../../domain/locale.ts";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/schema.ts";
import { decodeMailContent } from "./mail-facts.ts";
import type { MailTransport } from "./mail.port.ts";
import { renderMail } from "./mail-render.tsx";

/*
 * The sending side of the mail outbox (docs/mail.md "Outbox", "Once"). Every server process may run it: a pass claims
 * due rows with FOR UPDATE SKIP LOCKED and a lease in one short transaction, sends them, and marks each sent, or due
 * again after a backoff (effect's Schedule: exponential, capped, jittered). A worker that dies leaves its rows leased;
 * they are due again when the lease ends, and go out under the same Message-ID.
 */

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The first retry waits about this long; each further one twice as long, up to RETRY_CAP. */
const RETRY_BASE = Duration.seconds(5);
/** The longest wait between two attempts of one mail. */
const RETRY_CAP = Duration.hours(1);
/** Attempts of one mail before it is given up (status failed, kept for an operator): about a day and a half of retrying. */
export const MAX_ATTEMPTS = 40;
/** How long a claimed row is left to its worker: well above the SMTP time limits of one send (nodemailer-mail-transport.ts). */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** The retry schedule: 5 s doubling per attempt, capped at an hour, each delay jittered (×0.8 to ×1.2) so retries of many mails spread out. */
const RETRIES = Schedule.exponential(RETRY_BASE).pipe(
  Schedule.modifyDelay(({ duration }) => Effect.succeed(Duration.min(duration, RETRY_CAP))),
  Schedule.jittered,
);

/** Milliseconds to wait after the `attempt`-th failed attempt (1-based) of a mail: the RETRIES schedule stepped that many times. */
export const retryDelayMs = (attempt: number): number =>
  Effect.runSync(
    Effect.gen(function* () {
      const step = yield* Schedule.toStep(RETRIES);
      let delay = Duration.zero;
      for (let i = 0; i < Math.max(1, attempt); i += 1) [, delay] = yield* step(0, undefined);
      return Math.round(Duration.toMillis(delay));
    }),
  );

/** What the outbox worker needs: the database, the transport, the sender, the shop's public origin (links), the clock and its timings. */
export interface OutboxWorkerOptions {
  readonly db: Db;
  readonly transport: MailTransport;
  /** The From of every mail (MAIL_FROM), e.g. `Festival shop <noreply@tickets.example.org>`. */
  readonly from: string;
  /** The origin the mails' links start with (PUBLIC_ORIGIN), no trailing slash. */
  readonly origin: string;
  readonly clock: () => Date;
  /** Milliseconds a claimed row stays with its worker (default DEFAULT_LEASE_MS). */
  readonly leaseMs?: number;
  /** Rows one pass claims at most (default 10). */
  readonly batchSize?: number;
  /** A log line without personal data: the outbox id, the kind, the attempt, and an error's class and SMTP code. */
  readonly log?: (level: "info" | "warn" | "error", fields: Record<string, unknown>, message: string) => void;
}

/** The domain of the Message-IDs: the sender's address domain (MAIL_FROM), else `localhost`. */
const messageIdDomain = (from: string): string => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";

/** The stable Message-ID of an outbox row: `<{row id}@{sender domain}>`, the same on every attempt. */
export const messageIdOf = (rowId: string, from: string): string => `<${rowId}@${messageIdDomain(from)}>`;

/** attempts + 1, in SQL. */
const sqlIncrement = sql`${mailOutbox.attempts} + 1`;

/**
 * Claims up to `batchSize` due rows at `now` for `leaseMs` in one transaction: pending, due, and not leased (or the
 * lease ended, its worker gone). Locked rows are skipped, so two workers never claim one row together; each claim
 * counts an attempt.
 */
export const claimDueMail = async (db: Db, now: Date, leaseMs: number, batchSize: number): Promise<OutboxRow[]> =>
  db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now))))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(mailOutbox)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sqlIncrement })
      .where(inArray(mailOutbox.id, due.map((d) => d.id)))
      .returning();
    return claimed;
  });

/** The row as claimed (id and attempt): a mark only lands while no later claim took the row over. */
const stillMine = (row: OutboxRow) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.status, "pending"));

/** The SMTP reply code of a failed send (nodemailer's responseCode), when it has one. */
const smtpCodeOf = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : undefined;
};

/** What one pass did: rows sent, rows due again later, rows given up. */
export interface DeliveryPass {
  readonly sent: number;
  readonly retried: number;
  readonly failed: number;
}

/**
 * One pass of the outbox worker: claims due rows, sends each under its Message-ID and marks it sent; a failure retries
 * later or fails after MAX_ATTEMPTS.
 */
export const deliverDueMail = async (options: OutboxWorkerOptions): Promise<DeliveryPass> => {
  const { db, transport, clock } = options;
  const log = options.log ?? (() => undefined);
  const rows = await claimDueMail(db, clock(), options.leaseMs ?? DEFAULT_LEASE_MS, options.batchSize ?? 10);
  let sent = 0;
  let retried = 0;
  let failed = 0;
  for (const row of rows) {
    const fields = { mailId: row.id, kind: row.kind, attempt: row.attempts };
    let rendered;
    try {
      rendered = renderMail(decodeMailContent(row.kind, row.facts), toSupportedLocale(row.locale) ?? DEFAULT_LOCALE, options.origin);
    } catch (error) {
      await db.update(mailOutbox).set({ status: "failed", leaseUntil: null, lastError: `render: ${(error as Error).name}` }).where(stillMine(row));
      // The error's class only: a decoding message would quote the facts (names, addresses).
      log("error", { ...fields, error: (error as Error).name }, "mail not rendered; given up");
      failed += 1;
      continue;
    }
    try {
      await transport.send({ from: options.from, to: row.recipient, messageId: messageIdOf(row.id, options.from), language: row.locale, ...rendered });
    } catch (error) {
      const now = clock();
      const code = smtpCodeOf(error);
      const lastError = `${(error as Error).name ?? "Error"}${code === undefined ? "" : ` ${code}`}`;
      if (row.attempts >= MAX_ATTEMPTS) {
        await db.update(mailOutbox).set({ status: "failed", leaseUntil: null, lastError }).where(stillMine(row));
        log("error", { ...fields, smtpCode: code }, "mail not sent; given up");
        failed += 1;
      } else {
        const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
        await db.update(mailOutbox).set({ leaseUntil: null, nextAttemptAt, lastError }).where(stillMine(row));
        log("warn", { ...fields, smtpCode: code, retryAt: nextAttemptAt.toISOString() }, "mail not sent; retrying later");
        retried += 1;
      }
      continue;
    }
    await db.update(mailOutbox).set({ status: "sent", sentAt: clock(), leaseUntil: null, lastError: null }).where(stillMine(row));
    log("info", fields, "mail sent");
    sent += 1;
  }
  return { sent, retried, failed };
};

/** A running outbox worker: `stop()` ends the loop after the pass in flight and closes the transport. */
export interface OutboxWorker {
  stop(): Promise<void>;
}

/**
 * Runs deliverDueMail every `pollIntervalMs` (default 1000) until stopped, one pass at a time; a pass that fails (the
 * database away) is logged and the next one tries again.
 */
export const startOutboxWorker = (options: OutboxWorkerOptions & { readonly pollIntervalMs?: number }): OutboxWorker => {
  const interval = options.pollIntervalMs ?? 1000;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = deliverDueMail(options)
      .catch((error: unknown) => options.log?.("error", { error: (error as Error).name }, "mail outbox pass failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, interval).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
};

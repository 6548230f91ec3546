/*
 * How many server processes (workers) server/main.ts runs on one port (Node's cluster), read from the environment:
 * WORKERS, with DATABASE_URL and REDIS_URL deciding the default and what is refused. docs/deployment.md.
 */

/** The number of workers to run, and a line to log when the default was narrowed (no Redis). */
export interface WorkerCount {
  readonly workers: number;
  readonly note?: string;
}

/**
 * WORKERS -> the worker count: unset, 1 on PGlite, one per core on PostgreSQL with REDIS_URL, else 1 (with a note).
 * Throws for no positive whole number, and for N > 1 on PGlite or without REDIS_URL (docs/deployment.md).
 */
export const workersFromEnv = (env: Readonly<Record<string, string | undefined>>, cores: number): WorkerCount => {
  // N > 1 without Redis would let each worker count its own limit (N × the limit per client) and keep its own notice;
  // counters in PostgreSQL instead would add a write per API request to the one primary every hold already waits on.
  const postgres = Boolean(env["DATABASE_URL"]?.trim());
  const redis = Boolean(env["REDIS_URL"]?.trim());
  const text = (env["WORKERS"] ?? "").trim();
  if (text === "") {
    if (!postgres) return { workers: 1 };
    if (!redis) return { workers: 1, note: "One worker: set REDIS_URL to run one per core on PostgreSQL (WORKERS=N sets the count)." };
    return { workers: Math.max(1, cores) };
  }
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`WORKERS must be a whole number of at least 1, not '${text}'.`);
  const workers = Number(text);
  if (workers > 1 && !postgres) {
    throw new Error(`WORKERS=${workers} needs PostgreSQL (DATABASE_URL): PGlite is an embedded database that only one process can open. Use WORKERS=1 on PGlite.`);
  }
  if (workers > 1 && !redis) {
    throw new Error(
      `WORKERS=${workers} needs REDIS_URL: the rate limit and the notice are shared between workers through Redis; without it each worker would allow every client the whole limit and keep a notice of its own. Set REDIS_URL (e.g. redis://127.0.0.1:6379) or use WORKERS=1.`,
    );
  }
  return { workers };
};

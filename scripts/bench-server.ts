// Child process of the benchmarks (scripts/bench-stampede.ts, scripts/bench-api.ts): opens the database (env
// DATABASE_URL, else PGlite in memory://), reseeds the demo catalogue, optionally sets BENCH_STOCK units of
// BENCH_PRODUCT (demo shop lowlands-lights), builds the real server (rate limit and sweep off, no logger), listens on a
// random 127.0.0.1 port and sends `{ port }` to its parent over IPC. It closes on SIGTERM or when the parent goes away.
// It trusts X-Forwarded-For from 127.0.0.1 (as behind one proxy), so a benchmark gives each buyer its own client address.
// BENCH_WORKERS=N (> 1, PostgreSQL only) runs N workers on that one port with Node's cluster, as server/main.ts does
// with WORKERS=N: this process (the primary) prepares the database once, and answers the workers' figures added up.
import cluster from "node:cluster";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { buildServer } from "../server/app.ts";
import { resetDemoCatalogue } from "../server/catalogue/seed.ts";
import { openDatabase } from "../server/db/database.ts";
import { products } from "../server/db/schema.ts";

// Counts the SQL round trips of node-postgres (profile figure: queries per request).
let queries = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

const databaseUrl = process.env["DATABASE_URL"] || undefined;
const workers = Number(process.env["BENCH_WORKERS"] || 1);
if (workers > 1 && !databaseUrl) throw new Error("BENCH_WORKERS > 1 needs DATABASE_URL (PostgreSQL)");

/** Figures of one server process (see ServerStats in bench-support.ts). */
interface Stats {
  requests: number;
  queries: number;
  cpuMs: number;
  poolSize: number;
  maxWaiting: number;
  avgWaiting: number;
}

/** The primary of BENCH_WORKERS > 1: forks the workers, passes on the port once all listen, and on close adds their figures up. */
const runPrimary = () => {
  const reported: Stats[] = [];
  const cpuAtStart = process.cpuUsage();
  let listening = 0;
  cluster.on("message", (_worker, message: { port?: number; stats?: Stats }) => {
    if (message.stats) reported.push(message.stats);
    if (message.port !== undefined && (listening += 1) === workers) process.send?.({ port: message.port });
  });
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(running.map((w) => new Promise<void>((done) => (w.isDead() ? done() : (w.once("exit", () => done()), w.process.kill("SIGTERM"))))));
    const own = process.cpuUsage(cpuAtStart);
    const sum = (pick: (s: Stats) => number) => reported.reduce((total, s) => total + pick(s), 0);
    const stats: Stats = {
      requests: sum((s) => s.requests),
      queries: sum((s) => s.queries),
      // The primary hands the connections out: its CPU is part of the server's.
      cpuMs: sum((s) => s.cpuMs) + Math.round((own.user + own.system) / 1000),
      poolSize: sum((s) => s.poolSize),
      maxWaiting: Math.max(0, ...reported.map((s) => s.maxWaiting)),
      avgWaiting: sum((s) => s.avgWaiting),
    };
    await new Promise<void>((done) => (process.connected ? process.send?.({ stats }, () => done()) : done()));
    process.exit(0);
  };
  process.on("SIGTERM", () => void close());
  process.on("disconnect", () => void close());
  for (let i = 0; i < workers; i += 1) cluster.fork();
};

const primary = cluster.isPrimary;
const database = await openDatabase(databaseUrl ? { databaseUrl, migrate: primary } : { dataDir: "memory://" });
if (primary) {
  await resetDemoCatalogue(database.db);
  const product = process.env["BENCH_PRODUCT"];
  const stock = process.env["BENCH_STOCK"];
  if (product && stock !== undefined) {
    await database.db.update(products).set({ stock: Number(stock) }).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, product)));
  }
}
if (primary && workers > 1) {
  await database.close();
  runPrimary();
} else await serve();

/** One server process: builds the real server, listens, and on close sends its figures to its parent (or cluster primary). */
async function serve(): Promise<void> {
  const app = await buildServer({ db: database.db, rateLimit: false, sweepIntervalMs: 0, logger: false, trustProxy: ["127.0.0.1"] });
  // Profile figures sent back on close: requests served, CPU of this process, and how often requests waited for a pg connection.
  let requests = 0;
  app.addHook("onResponse", async () => void (requests += 1));
  const pgPool = (database.db as unknown as { $client?: { waitingCount?: number; totalCount?: number } }).$client;
  const waitingSamples: number[] = [];
  const sampler = setInterval(() => {
    if (typeof pgPool?.waitingCount === "number") waitingSamples.push(pgPool.waitingCount);
  }, 50);
  sampler.unref();
  const cpuAtStart = process.cpuUsage();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    const cpu = process.cpuUsage(cpuAtStart);
    const stats = {
      requests,
      queries,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      poolSize: pgPool?.totalCount ?? 0,
      maxWaiting: Math.max(0, ...waitingSamples),
      avgWaiting: waitingSamples.length ? waitingSamples.reduce((a, b) => a + b, 0) / waitingSamples.length : 0,
    };
    await new Promise<void>((done) => (process.connected ? process.send?.({ stats }, () => done()) : done()));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void close());
  process.on("disconnect", () => void close());
}

/**
 * Child process of the benchmarks (scripts/bench-stampede.ts, scripts/bench-api.ts): opens the database (env
 * DATABASE_URL, else PGlite in memory://), reseeds the demo catalogue, optionally sets BENCH_STOCK units of
 * BENCH_PRODUCT (demo shop lowlands-lights), builds the real server (rate limit and sweep off, no logger), listens on a
 * random 127.0.0.1 port and sends `{ port }` to its parent over IPC. It closes on SIGTERM or when the parent goes away.
 */
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
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory://" });
await resetDemoCatalogue(database.db);
const product = process.env["BENCH_PRODUCT"];
const stock = process.env["BENCH_STOCK"];
if (product && stock !== undefined) {
  await database.db.update(products).set({ stock: Number(stock) }).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, product)));
}
const app = await buildServer({ db: database.db, rateLimit: false, sweepIntervalMs: 0, logger: false });
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

/**
 * Ticket stampede on PostgreSQL: `npm run bench:stampede -- --buyers 5000 --stock 1000 [--connections 100]
 * [--product ll_ticket_weekend]`. Creates a throwaway database on DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), starts the real server in a child process with the product's stock set
 * to S, and lets B buyers at once each POST /api/v2/carts then PUT /api/v2/carts/{id}/products quantity 1 over a
 * keep-alive undici Pool (at most `connections` sockets; every buyer in flight, the rest queue client-side). 200 counts
 * as sold, 409 `5000` as sold out (spec §8). Then reads the database: oversold = units held in cart_items beyond S,
 * stock must stay >= 0 and stock + held = S. Last line: `stampede: buyers=B stock=S sold=N oversold=X seconds=T
 * holds_per_s=R p99_ms=P` (T = wall time of the whole stampede, R = B / T, P = p99 of the hold PUT as the buyer sees
 * it, queueing included). Exits 1 when sold != min(B, S), oversold != 0 or stock went negative.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { Pool } from "undici";
import { createBenchPostgres, DEMO_SHOP_HEADERS, percentile, startServerProcess } from "./bench-support.ts";

const { values } = parseArgs({
  options: {
    buyers: { type: "string", default: "5000" },
    stock: { type: "string", default: "1000" },
    connections: { type: "string", default: "100" },
    product: { type: "string", default: "ll_ticket_weekend" },
  },
});
const buyers = Number(values.buyers);
const stock = Number(values.stock);
const connections = Number(values.connections);
const productId = values.product;

const database = await createBenchPostgres();
let exitCode = 1;
try {
  const server = await startServerProcess({ databaseUrl: database.url, stock: { productId, units: stock } });
  const pool = new Pool(server.baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const holdMs: number[] = [];
  const outcomes = { sold: 0, soldOut: 0, cartFailed: 0, other: 0 };
  const otherAnswers = new Map<string, number>();

  const buyer = async (): Promise<void> => {
    const created = await pool.request({ method: "POST", path: "/api/v2/carts", headers: DEMO_SHOP_HEADERS, body: "{}" });
    const cart = (await created.body.json()) as { data?: { id?: string } };
    if (created.statusCode !== 201 || !cart.data?.id) {
      outcomes.cartFailed += 1;
      return;
    }
    const started = performance.now();
    const hold = await pool.request({
      method: "PUT",
      path: `/api/v2/carts/${cart.data.id}/products`,
      headers: DEMO_SHOP_HEADERS,
      body: JSON.stringify({ productId, quantity: 1 }),
    });
    const answer = (await hold.body.json()) as { error?: { code?: string } };
    holdMs.push(performance.now() - started);
    if (hold.statusCode === 200) outcomes.sold += 1;
    else if (hold.statusCode === 409 && answer.error?.code === "5000") outcomes.soldOut += 1;
    else {
      outcomes.other += 1;
      const key = `${hold.statusCode} ${answer.error?.code ?? ""}`;
      otherAnswers.set(key, (otherAnswers.get(key) ?? 0) + 1);
    }
  };

  const started = performance.now();
  await Promise.all(Array.from({ length: buyers }, () => buyer().catch(() => void (outcomes.other += 1))));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const stats = await server.stop();

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const held = Number((await client.query("SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_items WHERE product_id = $1", [productId])).rows[0].n);
  const left = Number((await client.query("SELECT stock FROM products WHERE shop_slug = 'lowlands-lights' AND id = $1", [productId])).rows[0].stock);
  await client.end();

  const oversold = Math.max(0, held - stock);
  const holdsPerSecond = Math.round(buyers / seconds);
  const p99 = Math.round(percentile(holdMs, 0.99));
  console.log(`product ${productId}: stock ${stock} -> ${left} left, ${held} units held in carts (stock + held = ${left + held})`);
  console.log(`answers: ${outcomes.sold} sold (200), ${outcomes.soldOut} sold out (409 5000), ${outcomes.cartFailed} cart creations failed, ${outcomes.other} other ${JSON.stringify(Object.fromEntries(otherAnswers))}`);
  console.log(`hold latency (ms, queueing included): p50 ${Math.round(percentile(holdMs, 0.5))}, p90 ${Math.round(percentile(holdMs, 0.9))}, p99 ${p99}, max ${Math.round(percentile(holdMs, 1))}; ${connections} sockets`);
  if (stats) {
    console.log(
      `server: ${stats.requests} requests, ${(stats.queries / Math.max(1, stats.requests)).toFixed(1)} SQL round trips/request, ${stats.cpuMs} ms CPU (${(stats.cpuMs / Math.max(1, stats.requests)).toFixed(2)} ms/request, ${Math.round((stats.cpuMs / 1000 / seconds) * 100)}% of one core); pg pool ${stats.poolSize} connections, requests waiting for one: avg ${stats.avgWaiting.toFixed(1)}, max ${stats.maxWaiting}`,
    );
  }
  const expected = Math.min(buyers, stock);
  const ok = outcomes.sold === expected && oversold === 0 && left >= 0 && left + held === stock;
  if (!ok) console.log(`FAILED: expected sold=${expected}, oversold=0, stock >= 0 and stock + held = ${stock}`);
  exitCode = ok ? 0 : 1;
  console.log(`stampede: buyers=${buyers} stock=${stock} sold=${outcomes.sold} oversold=${oversold} seconds=${seconds.toFixed(2)} holds_per_s=${holdsPerSecond} p99_ms=${p99}`);
} finally {
  await database.drop();
}
process.exit(exitCode);

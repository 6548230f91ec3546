// Ticket stampede on PostgreSQL: `npm run bench:stampede -- --buyers 5000 --stock 1000 [--connections 100]
// [--product ll_ticket_weekend] [--mix] [--workers N]`. `--workers N` (default 1) runs N server processes on one port
// (Node's cluster, as WORKERS=N does). Creates a throwaway database on DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), starts the real server in a child process with the product's stock set
// to S, and lets B buyers at once, each from its own client address (X-Forwarded-For, as behind a proxy: the
// per-client hold cap counts each buyer apart), each POST /api/v2/carts then PUT /api/v2/carts/{id}/products quantity 1 over a
// keep-alive undici Pool (at most `connections` sockets; every buyer in flight, the rest queue client-side). 200 counts
// as sold, 409 `5000` as sold out (spec §8). Then reads the database: oversold = units held in cart_items beyond S,
// stock must stay >= 0 and stock + held = S.
// `--mix`: each buyer instead walks the product up and down around sell-out: a hold of 1-2, then two PUTs
// of its own cart at once (a same-cart race, quantities 0-3), then a last PUT that removes the line for 40 % of the
// buyers and sets 1-2 for the rest. The database check adds: the cart of every 200 answer to a last PUT holds exactly
// what that answer said (removed: no line), and no answer is 5xx.
// Last line: `stampede: workers=W buyers=B stock=S sold=N oversold=X seconds=T holds_per_s=R p99_ms=P conserved=yes|no
// 5xx=F` (T = wall time of the whole stampede, R = PUTs per second, P = p99 of a PUT as the buyer sees it, queueing
// included; sold = units held at the end; conserved: stock + held = S and stock >= 0; F = answers with status >= 500).
// Exits 1 when oversold != 0, not conserved, F != 0, a last 200 is not in the database or (without --mix) sold !=
// min(B, S). A call the server sheds (503 with Retry-After) is sent again after Retry-After and not counted in F; the
// output also gives PostgreSQL's backend CPU (/proc) and how many backends waited for a lock (the hot product row).
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { Pool } from "undici";
import { createBenchPostgres, DEMO_SHOP_HEADERS, percentile, postgresBackendCpu, startServerProcess } from "./bench-support.ts";

const { values } = parseArgs({
  options: {
    buyers: { type: "string", default: "5000" },
    stock: { type: "string", default: "1000" },
    connections: { type: "string", default: "100" },
    product: { type: "string", default: "ll_ticket_weekend" },
    mix: { type: "boolean", default: false },
    workers: { type: "string", default: "1" },
  },
});
const buyers = Number(values.buyers);
const stock = Number(values.stock);
const connections = Number(values.connections);
const productId = values.product;
const mix = values.mix;
const workers = Number(values.workers);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`--workers must be a whole number of at least 1, not '${values.workers}'`);

const database = await createBenchPostgres();
let exitCode = 1;
try {
  const server = await startServerProcess({ databaseUrl: database.url, stock: { productId, units: stock }, workers });
  const pool = new Pool(server.baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const holdMs: number[] = [];
  const outcomes = { sold: 0, soldOut: 0, cartFailed: 0, other: 0 };
  const otherAnswers = new Map<string, number>();

  let puts = 0;
  let fiveHundreds = 0;
  // Carts whose last PUT answered 200, and the quantity that answer holds (0: removed).
  const lastAnswered = new Map<string, number>();

  // A call the server sheds (503 with Retry-After, load shedding) is sent again after Retry-After, as the web app does.
  let shed = 0;
  const send = async (options: Parameters<Pool["request"]>[0]) => {
    for (;;) {
      const reply = await pool.request(options);
      const retryAfter = Number(reply.headers["retry-after"]);
      if (reply.statusCode !== 503 || !Number.isFinite(retryAfter)) return reply;
      shed += 1;
      await reply.body.dump();
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * (1 + Math.random() / 2)));
    }
  };

  const put = async (cartId: string, quantity: number): Promise<{ status: number; held?: number; code?: string }> => {
    const started = performance.now();
    const reply = await send({
      method: "PUT",
      path: `/api/v2/carts/${cartId}/products`,
      headers: DEMO_SHOP_HEADERS,
      body: JSON.stringify({ productId, quantity }),
    });
    const answer = (await reply.body.json().catch(() => ({}))) as { error?: { code?: string }; data?: { products?: Record<string, number> } };
    holdMs.push(performance.now() - started);
    puts += 1;
    if (reply.statusCode >= 500) fiveHundreds += 1;
    if (reply.statusCode === 409 && answer.error?.code === "5000") outcomes.soldOut += 1;
    else if (reply.statusCode !== 200) {
      outcomes.other += 1;
      const key = `${reply.statusCode} ${answer.error?.code ?? ""}`;
      otherAnswers.set(key, (otherAnswers.get(key) ?? 0) + 1);
    }
    return { status: reply.statusCode, held: answer.data?.products?.[productId] ?? 0, ...(answer.error?.code ? { code: answer.error.code } : {}) };
  };

  let buyersSoFar = 0;
  const buyer = async (): Promise<void> => {
    const n = (buyersSoFar += 1);
    const headers = { ...DEMO_SHOP_HEADERS, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    const created = await send({ method: "POST", path: "/api/v2/carts", headers, body: "{}" });
    const cart = (await created.body.json()) as { data?: { id?: string } };
    if (created.statusCode >= 500) fiveHundreds += 1;
    if (created.statusCode !== 201 || !cart.data?.id) {
      outcomes.cartFailed += 1;
      return;
    }
    const cartId = cart.data.id;
    if (!mix) {
      if ((await put(cartId, 1)).status === 200) outcomes.sold += 1;
      return;
    }
    const random = (n: number) => Math.floor(Math.random() * n);
    await put(cartId, 1 + random(2));
    await Promise.all([put(cartId, random(4)), put(cartId, random(4))]);
    const last = Math.random() < 0.4 ? 0 : 1 + random(2);
    const answer = await put(cartId, last);
    if (answer.status === 200) lastAnswered.set(cartId, last);
  };

  // PostgreSQL's side: its backends' CPU (/proc) and how many of them wait for a lock (the hot product row) meanwhile.
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const backends = postgresBackendCpu(admin);
  await backends.start();
  const lockWaits: number[] = [];
  const sampler = setInterval(() => {
    void backends.sample().catch(() => undefined);
    void admin
      .query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
      .then((result) => void lockWaits.push(Number(result.rows[0]?.n ?? 0)), () => undefined);
  }, 100);
  const started = performance.now();
  await Promise.all(Array.from({ length: buyers }, () => buyer().catch(() => void (outcomes.other += 1))));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await backends.sample();
  const databaseCpuMs = backends.spentMs();
  await admin.end();
  await pool.close();
  const stats = await server.stop();

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const held = Number((await client.query("SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_items WHERE product_id = $1", [productId])).rows[0].n);
  const left = Number((await client.query("SELECT stock FROM products WHERE shop_slug = 'lowlands-lights' AND id = $1", [productId])).rows[0].stock);
  const lines = new Map<string, number>(
    (await client.query<{ cart_id: string; quantity: number }>("SELECT cart_id, quantity FROM cart_items WHERE product_id = $1", [productId])).rows.map((r) => [r.cart_id, r.quantity]),
  );
  await client.end();
  // Every 200 of a last PUT is in the database as answered (nothing changed the cart after it).
  const missing = [...lastAnswered].filter(([cartId, quantity]) => (lines.get(cartId) ?? 0) !== quantity).length;

  const oversold = Math.max(0, held - stock);
  const conserved = left >= 0 && left + held === stock;
  const putsPerSecond = Math.round(puts / seconds);
  const p99 = Math.round(percentile(holdMs, 0.99));
  if (mix) outcomes.sold = held;
  console.log(`product ${productId}: stock ${stock} -> ${left} left, ${held} units held in carts (stock + held = ${left + held})`);
  console.log(`answers: ${puts} PUTs, ${mix ? `${lastAnswered.size} last PUTs answered 200 (${missing} not in the database as answered)` : `${outcomes.sold} sold (200)`}, ${outcomes.soldOut} sold out (409 5000), ${outcomes.cartFailed} cart creations failed, ${outcomes.other} other ${JSON.stringify(Object.fromEntries(otherAnswers))}`);
  console.log(`PUT latency (ms, queueing included): p50 ${Math.round(percentile(holdMs, 0.5))}, p90 ${Math.round(percentile(holdMs, 0.9))}, p99 ${p99}, max ${Math.round(percentile(holdMs, 1))}; ${connections} sockets`);
  if (stats) {
    console.log(
      `server: ${stats.requests} requests, ${(stats.queries / Math.max(1, stats.requests)).toFixed(2)} SQL round trips/request, ${stats.cpuMs} ms CPU (${(stats.cpuMs / Math.max(1, stats.requests)).toFixed(2)} ms/request, ${Math.round((stats.cpuMs / 1000 / seconds) * 100)}% of one core); pg pool ${stats.poolSize} connections, requests waiting for one: avg ${stats.avgWaiting.toFixed(1)}, max ${stats.maxWaiting}`,
    );
  }
  const lockWaitAvg = lockWaits.length ? lockWaits.reduce((a, b) => a + b, 0) / lockWaits.length : 0;
  console.log(`PostgreSQL: backends ${Math.round(databaseCpuMs)} ms CPU (${(databaseCpuMs / Math.max(1, puts)).toFixed(2)} ms/PUT); backends waiting for a lock: avg ${lockWaitAvg.toFixed(1)}, max ${Math.max(0, ...lockWaits)}; ${shed} shed calls sent again`);
  const expected = Math.min(buyers, stock);
  const ok = oversold === 0 && conserved && fiveHundreds === 0 && missing === 0 && (mix || outcomes.sold === expected);
  if (!ok) console.log(`FAILED: expected ${mix ? "" : `sold=${expected}, `}oversold=0, stock >= 0, stock + held = ${stock}, no 5xx and every last 200 in the database`);
  exitCode = ok ? 0 : 1;
  console.log(
    `stampede: workers=${workers} buyers=${buyers} stock=${stock} sold=${outcomes.sold} oversold=${oversold} seconds=${seconds.toFixed(2)} holds_per_s=${putsPerSecond} p99_ms=${p99} conserved=${conserved ? "yes" : "no"} 5xx=${fiveHundreds}`,
  );
} finally {
  await database.drop();
}
process.exit(exitCode);

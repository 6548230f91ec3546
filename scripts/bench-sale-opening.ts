// The whole rush of a sale opening: `npm run bench:sale-opening -- --visitors 20000 --stock 1000 --workers N
// [--arrival-seconds 5] [--admit-per-minute 3000] [--connections 200]`. Creates a throwaway PostgreSQL database on
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), starts `server/main.ts` as a real process with env
// WORKERS=N, that DATABASE_URL, REDIS_URL (default redis://127.0.0.1:6379, keys under a fresh REDIS_KEY_PREFIX) and
// QUEUE_ADMIT_PER_MINUTE, sets the stock of the Northern Nights sale's Friday ticket (the demo shop behind the waiting
// room) to S, then lets V visitors arrive spread over the arrival seconds, each from its own client address
// (X-Forwarded-For, the server trusting 127.0.0.1 as its proxy: the per-client hold cap counts each visitor apart). Each walks as the web app does: the waiting
// room GET /queue/northern-nights-sale (polling /status at the advised pace until admitted, then the 303 with the
// payment queue token), the tickets page, POST /carts with the token, a hold (PUT products, quantity 1), the details,
// the order and the test payment (pay). A visitor whose hold answers 409 5000 (sold out) stops there.
// Then reads the database: sold = tickets in confirmed carts, oversold = sold beyond S, conserved = stock left + held
// in every cart = S and stock >= 0.
// A call the server sheds (503 or 429 with Retry-After) is sent again after a doubling backoff from a quarter second,
// never before its Retry-After, stretched by a random fraction up to a half, at most RETRIES times, with the same Idempotency-Key for the order.
// Last line: `sale-opening: workers=N visitors=V admitted=A sold=X oversold=O conserved=yes|no 5xx=F holds_per_s=R
// p99_hold_ms=P p99_page_ms=Q queue_p99_wait_s=W shed=D finished_after_retry=T stranded=S
// server_cpu_ms_per_visitor=C db_cpu_ms_per_visitor=B` (R = hold PUTs per second over the span from the first to the
// last hold; P and Q as the visitor sees them, client queueing and retries included; W = p99 of arrival to admission;
// F = 5xx answers other than a shed call's; D = shed answers; T = visitors who paid after at least one shed call;
// S = carts still holding stock at the end that are not confirmed; C = user+system CPU of the server's processes, the
// primary and its workers, from /proc/<pid>/stat over the run, per admitted visitor; B = the same of the PostgreSQL
// backends of the run's database). Exits 1 when oversold != 0, not conserved, F != 0 or S != 0.
// `--by-step`: the visitors go step by step (each step starts once every visitor still walking reached it), and a line
// `server CPU by step:` gives the server's CPU of each step per call and per admitted visitor (queue: joining, polling
// and the admission).
// Env BENCH_SERVER_NODE_ARGS adds Node flags to the server and its workers (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { Pool } from "undici";
import { NORTHERN_SALE_TOKEN } from "../server/catalogue/demo-catalogue.ts";
import { freePort } from "../tests/server/server-process.ts";
import { VALID_DETAILS } from "../tests/support/checkout-details.ts";
import { createBenchPostgres, cpuSpentMs, postgresBackendCpu, processTreeCpu, stopChild, percentile } from "./bench-support.ts";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "20000" },
    stock: { type: "string", default: "1000" },
    workers: { type: "string", default: "1" },
    "arrival-seconds": { type: "string", default: "5" },
    // Fifty a second: about what one worker serves of server-rendered tickets pages on this 2-core machine.
    "admit-per-minute": { type: "string", default: "3000" },
    connections: { type: "string", default: "200" },
    "by-step": { type: "boolean", default: false },
  },
});
const visitors = Number(values.visitors);
const stock = Number(values.stock);
const workers = Number(values.workers);
const arrivalSeconds = Number(values["arrival-seconds"]);
const admitPerMinute = Number(values["admit-per-minute"]);
const connections = Number(values.connections);
const byStep = values["by-step"];
const SLUG = "northern-nights-sale";
const PRODUCT = "nns_ticket_friday";
const SHOP_HEADERS = { "x-event-namespace": "northern-nights-sale-2027", authorization: `Bearer ${NORTHERN_SALE_TOKEN}`, "content-type": "application/json" };
const DETAILS = VALID_DETAILS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How often one shed call is sent again, and the longest wait before it (ms), whatever Retry-After says. */
const RETRIES = 8;
const MAX_RETRY_WAIT_MS = 10_000;

/** Starts server/main.ts with `env` on a free port; resolves once every worker listens and GET /api/v2/shops answers. */
const startServer = async (env: Record<string, string>): Promise<{ baseUrl: string; port: number; child: ChildProcess }> => {
  const port = await freePort();
  const nodeArgs = (process.env["BENCH_SERVER_NODE_ARGS"] ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/main.ts"], { env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "inherit"] });
  // With workers, the primary says when every worker listens: a rush started before that puts its keep-alive
  // sockets on the first worker alone. The log lines are read and dropped.
  let allListening = Number(env["WORKERS"] ?? 1) <= 1;
  let seen = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    if (allListening) return;
    seen = (seen + chunk.toString("utf8")).slice(-4096);
    if (/Festival shop \(postgres, \d+ workers\)/.test(seen)) allListening = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server/main.ts exited with ${child.exitCode}`);
    try {
      if (allListening && (await fetch(`${baseUrl}/api/v2/shops`)).ok) return { baseUrl, port, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("server/main.ts did not answer within 300 s");
};

// Without the build, the tickets page is a 404 for every visitor: say so before a run that would measure nothing.
if (!existsSync("dist/.ssr/entry-server.js")) throw new Error("bench:sale-opening needs the built app (dist/ and dist/.ssr): run `npm run build` first.");

const database = await createBenchPostgres();
let exitCode = 1;
let child: ChildProcess | undefined;
try {
  const server = await startServer({
    WORKERS: String(workers),
    DATABASE_URL: database.url,
    REDIS_URL: process.env["REDIS_URL"] || "redis://127.0.0.1:6379",
    REDIS_KEY_PREFIX: `bench-${randomUUID()}:`,
    QUEUE_ADMIT_PER_MINUTE: String(admitPerMinute),
    // Every visitor of the benchmark comes from this machine's one IP.
    QUEUE_JOINS_PER_IP_PER_HOUR: "0",
    QUEUE_TOKEN_SECRET: randomBytes(32).toString("base64url"),
    NOTICE_ADMIN_TOKEN: randomBytes(16).toString("hex"),
    // Every visitor comes from 127.0.0.1 here: the per-client limit would stop the crowd, not protect anything.
    RATE_LIMIT_PER_MINUTE: "100000000",
    IDENTITY_PROVIDER: "off",
    // Each visitor sends its own address in X-Forwarded-For, as a proxy in front of the shop would.
    TRUST_PROXY: "127.0.0.1",
  });
  child = server.child;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query("UPDATE products SET stock = $1 WHERE shop_slug = $2 AND id = $3", [stock, SLUG, PRODUCT]);

  const pool = new Pool(server.baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const holdMs: number[] = [];
  const pageMs: number[] = [];
  const waitS: number[] = [];
  const holdTimes: number[] = [];
  const counts = { admitted: 0, soldOut: 0, paid: 0, failed: 0, fiveHundreds: 0, shed: 0, finishedAfterRetry: 0 };
  const failures = new Map<string, number>();
  const fail = (step: string, status: number) => {
    counts.failed += 1;
    failures.set(`${step} ${status}`, (failures.get(`${step} ${status}`) ?? 0) + 1);
  };
  /** A visitor's own record: whether one of their calls was shed and sent again. */
  interface Walk {
    retried: boolean;
    readonly address: string;
  }
  // A shed call (503 or 429 with Retry-After) is sent again: the advised wait, else a doubling backoff with jitter.
  // Calls by step (what each visitor's walk costs the server in requests).
  const calls = new Map<string, number>();
  const stepOf = (method: string, path: string): string =>
    /\/status$/.test(path) ? "status" : path.startsWith("/queue/") ? "queue" : /\/products$/.test(path) ? "hold" : /\/orders$/.test(path) ? "order" : path === "/api/v2/carts" ? "cart" : path.startsWith("/api/v2/carts/") ? "details" : method === "POST" ? "pay" : "page";
  const request = async (options: Parameters<Pool["request"]>[0], walk: Walk) => {
    const step = stepOf(options.method, options.path);
    options = { ...options, headers: { ...(options.headers as Record<string, string> | undefined), "x-forwarded-for": walk.address } };
    for (let attempt = 0; ; attempt += 1) {
      calls.set(step, (calls.get(step) ?? 0) + 1);
      const reply = await pool.request(options);
      const text = await reply.body.text();
      const retryAfter = Number(reply.headers["retry-after"]);
      const shed = (reply.statusCode === 503 || reply.statusCode === 429) && reply.headers["retry-after"] !== undefined;
      if (shed) counts.shed += 1;
      else if (reply.statusCode >= 500) counts.fiveHundreds += 1;
      if (shed && attempt < RETRIES) {
        walk.retried = true;
        const backoffMs = Math.max(Number.isFinite(retryAfter) ? retryAfter * 1000 : 0, 250 * 2 ** attempt);
        await sleep(Math.min(MAX_RETRY_WAIT_MS, backoffMs) * (1 + Math.random() * 0.5));
        continue;
      }
      return { status: reply.statusCode, headers: reply.headers, text, json: () => JSON.parse(text) as { data?: Record<string, unknown>; error?: { code?: string } } };
    }
  };

  // --by-step: every visitor waits at each step until all who still walk got there, so the server's CPU between two
  // steps is that step's alone (queue = joining, polling and the 303).
  const STEPS = ["page", "cart", "hold", "details", "order", "pay"] as const;
  type Step = (typeof STEPS)[number];
  let walking = visitors;
  interface Gate {
    arrived: number;
    isOpen: boolean;
    open: () => void;
    readonly opened: Promise<void>;
  }
  const gates = new Map<Step, Gate>(
    STEPS.map((step) => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return [step, { arrived: 0, isOpen: false, open, opened }];
    }),
  );
  const stepCpu: Array<{ step: Step | "end"; cpu: Map<number, number>; calls: Map<string, number> }> = [];
  const openReadyGates = () => {
    for (const step of STEPS) {
      const gate = gates.get(step)!;
      if (gate.isOpen) continue;
      if (gate.arrived < walking) return;
      gate.isOpen = true;
      stepCpu.push({ step, cpu: processTreeCpu(server.child.pid!), calls: new Map(calls) });
      gate.open();
    }
  };
  const atStep = async (step: Step): Promise<void> => {
    if (!byStep) return;
    gates.get(step)!.arrived += 1;
    openReadyGates();
    await gates.get(step)!.opened;
  };
  const leave = () => {
    walking -= 1;
    if (byStep) openReadyGates();
  };

  const visitor = async (arrivalMs: number, n: number): Promise<void> => {
    await sleep(arrivalMs);
    const arrived = performance.now();
    const walk: Walk = { retried: false, address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    // The waiting room's calls come from the same address; a retry there does not count as the walk's.
    const inLine: Walk = { retried: false, address: walk.address };
    // The waiting room: join, poll at the advised pace, come back for the token.
    let entered = await request({ method: "GET", path: `/queue/${SLUG}` }, inLine);
    const setCookie = entered.headers["set-cookie"];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? "")).split(";")[0] ?? "";
    while (entered.status === 200) {
      let after = Number(/data-poll-after="(\d+)"/.exec(entered.text)?.[1] ?? 1);
      for (;;) {
        await sleep(after * 1000);
        const status = await request({ method: "GET", path: `/queue/${SLUG}/status`, headers: { cookie } }, inLine);
        if (status.status !== 200) return fail("status", status.status);
        const data = status.json().data as { state: string; pollAfterSeconds?: number };
        if (data.state !== "waiting") break;
        after = data.pollAfterSeconds ?? 1;
      }
      entered = await request({ method: "GET", path: `/queue/${SLUG}`, headers: { cookie } }, inLine);
    }
    if (entered.status !== 303) return fail("queue", entered.status);
    const token = new URL(String(entered.headers["location"]), server.baseUrl).searchParams.get("paymentQueueToken");
    if (!token) return fail("queue-token", entered.status);
    counts.admitted += 1;
    waitS.push((performance.now() - arrived) / 1000);
    // The tickets page (server-rendered when dist/ is built).
    await atStep("page");
    const pageStarted = performance.now();
    const page = await request({ method: "GET", path: `/${SLUG}/tickets?paymentQueueToken=${encodeURIComponent(token)}`, headers: { accept: "text/html" } }, walk);
    pageMs.push(performance.now() - pageStarted);
    if (page.status !== 200) return fail("page", page.status);
    await atStep("cart");
    const created = await request({ method: "POST", path: "/api/v2/carts", headers: SHOP_HEADERS, body: JSON.stringify({ paymentQueueToken: token }) }, walk);
    const cartId = created.status === 201 ? (created.json().data?.["id"] as string | undefined) : undefined;
    if (!cartId) return fail("cart", created.status);
    await atStep("hold");
    const holdStarted = performance.now();
    const hold = await request({ method: "PUT", path: `/api/v2/carts/${cartId}/products`, headers: SHOP_HEADERS, body: JSON.stringify({ productId: PRODUCT, quantity: 1 }) }, walk);
    holdMs.push(performance.now() - holdStarted);
    holdTimes.push(performance.now());
    if (hold.status === 409 && hold.json().error?.code === "5000") return void (counts.soldOut += 1);
    if (hold.status !== 200) return fail("hold", hold.status);
    await atStep("details");
    const details = await request({ method: "PUT", path: `/api/v2/carts/${cartId}`, headers: SHOP_HEADERS, body: JSON.stringify(DETAILS) }, walk);
    if (details.status !== 200) return fail(`details ${details.json().error?.code ?? ""}`, details.status);
    await atStep("order");
    const order = await request({
      method: "POST",
      path: `/api/v2/carts/${cartId}/orders`,
      headers: { ...SHOP_HEADERS, "idempotency-key": randomUUID() },
      body: JSON.stringify({ paymentMethod: "ideal", redirectUri: `http://localhost:${server.port}/${SLUG}/paymentstatus` }),
    }, walk);
    const paymentUri = order.status < 300 ? (order.json().data?.["redirectUri"] as string | undefined) : undefined;
    if (!paymentUri) return fail(`order ${order.json().error?.code ?? ""}`, order.status);
    await atStep("pay");
    const paid = await request({ method: "POST", path: new URL(paymentUri).pathname, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "outcome=pay" }, walk);
    if (paid.status !== 303) return fail("payment", paid.status);
    counts.paid += 1;
    if (walk.retried) counts.finishedAfterRetry += 1;
  };

  const serverCpuBefore = processTreeCpu(server.child.pid!);
  const backends = postgresBackendCpu(admin);
  await backends.start();
  const sampler = setInterval(() => void backends.sample().catch(() => undefined), 1000);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: visitors }, (_, i) =>
      visitor((i / visitors) * arrivalSeconds * 1000, i + 1)
        .catch((error: unknown) => {
          counts.failed += 1;
          const key = `error ${error instanceof Error ? error.message : String(error)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        })
        .finally(leave),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await backends.sample();
  const serverCpuAfter = processTreeCpu(server.child.pid!);
  const serverCpuMs = cpuSpentMs(serverCpuBefore, serverCpuAfter);
  if (byStep) {
    // Server CPU of each step (between its gate and the next one's) per call of it, and per admitted visitor.
    const marks = [{ step: "queue", cpu: serverCpuBefore, calls: new Map<string, number>() }, ...stepCpu, { step: "end", cpu: serverCpuAfter, calls: new Map(calls) }];
    const parts = marks.slice(0, -1).map((mark, i) => {
      const next = marks[i + 1]!;
      const ms = cpuSpentMs(mark.cpu, next.cpu);
      const n = [...next.calls].reduce((total, [name, count]) => total + count - (mark.calls.get(name) ?? 0), 0);
      return `${mark.step} ${(ms / Math.max(1, n)).toFixed(2)} ms/call x ${n} = ${(ms / Math.max(1, counts.admitted)).toFixed(2)} ms/visitor`;
    });
    console.log(`server CPU by step: ${parts.join("; ")}`);
  }
  const databaseCpuMs = backends.spentMs();
  await pool.close();

  const sold = Number(
    (await admin.query("SELECT COALESCE(SUM(i.quantity), 0) AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE i.product_id = $1 AND c.status = 'confirmed'", [PRODUCT])).rows[0].n,
  );
  const held = Number((await admin.query("SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_items WHERE product_id = $1", [PRODUCT])).rows[0].n);
  const left = Number((await admin.query("SELECT stock FROM products WHERE shop_slug = $1 AND id = $2", [SLUG, PRODUCT])).rows[0].stock);
  // Carts that hold stock but were neither paid nor released: what an abandoned order leaves behind until its expiry.
  const stranded = Number(
    (await admin.query("SELECT COUNT(DISTINCT c.id) AS n FROM carts c JOIN cart_items i ON i.cart_id = c.id WHERE i.quantity > 0 AND c.status <> 'confirmed'")).rows[0].n,
  );
  await admin.end();

  const oversold = Math.max(0, held - stock);
  const conserved = left >= 0 && left + held === stock;
  const holdSpan = holdTimes.length > 1 ? (Math.max(...holdTimes) - Math.min(...holdTimes)) / 1000 : 0;
  const holdsPerSecond = holdSpan > 0 ? Math.round(holdMs.length / holdSpan) : holdMs.length;
  console.log(`product ${PRODUCT}: stock ${stock} -> ${left} left, ${held} held in carts (${sold} in confirmed carts); ${seconds.toFixed(1)} s in all`);
  console.log(`visitors: ${counts.admitted} admitted, ${counts.paid} paid, ${counts.soldOut} sold out at the hold, ${counts.failed} failed ${JSON.stringify(Object.fromEntries(failures))}`);
  console.log(
    `latency: hold p50 ${Math.round(percentile(holdMs, 0.5))} ms p99 ${Math.round(percentile(holdMs, 0.99))} ms; tickets page p50 ${Math.round(percentile(pageMs, 0.5))} ms p99 ${Math.round(percentile(pageMs, 0.99))} ms; queue wait p50 ${percentile(waitS, 0.5).toFixed(1)} s; ${connections} sockets, admission ${admitPerMinute}/min`,
  );
  const ok = oversold === 0 && conserved && counts.fiveHundreds === 0 && stranded === 0;
  const perVisitor = (ms: number) => (ms / Math.max(1, counts.admitted)).toFixed(1);
  console.log(`calls per admitted visitor: ${[...calls].map(([step, n]) => `${step} ${(n / Math.max(1, counts.admitted)).toFixed(2)}`).join(", ")}`);
  console.log(`cpu: server ${Math.round(serverCpuMs)} ms, PostgreSQL backends ${Math.round(databaseCpuMs)} ms over ${counts.admitted} admitted visitors`);
  exitCode = ok ? 0 : 1;
  console.log(
    `sale-opening: workers=${workers} visitors=${visitors} admitted=${counts.admitted} sold=${sold} oversold=${oversold} conserved=${conserved ? "yes" : "no"} 5xx=${counts.fiveHundreds} holds_per_s=${holdsPerSecond} p99_hold_ms=${Math.round(percentile(holdMs, 0.99))} p99_page_ms=${Math.round(percentile(pageMs, 0.99))} queue_p99_wait_s=${percentile(waitS, 0.99).toFixed(1)} shed=${counts.shed} finished_after_retry=${counts.finishedAfterRetry} stranded=${stranded} server_cpu_ms_per_visitor=${perVisitor(serverCpuMs)} db_cpu_ms_per_visitor=${perVisitor(databaseCpuMs)}`,
  );
} finally {
  await stopChild(child);
  await database.drop();
}
process.exit(exitCode);

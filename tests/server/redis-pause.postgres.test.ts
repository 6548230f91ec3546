import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/schema.ts";
import { freshServer, openPostgres, type TestDatabase } from "./server-harness.ts";
import { authorize, loginForm, oidcBrowser, originOf, postLogin } from "./oidc-browser.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { quantile, shopVisitor, type TimedCall } from "../support/shop-visitor.ts";

/** How long Redis stays stopped (SIGSTOP), in ms. */
const PAUSE_MS = 10_000;
/** Visitors buying at once during the pause. */
const VISITORS = 4;

/**
 * A hung Redis (SIGSTOP: connections stay open, nothing answers) is an aid that stumbled, not a stop of the shop: on
 * PostgreSQL, cart, hold and order calls keep answering while it hangs, limited by each worker's own counters, and
 * the login form stays throttled without waiting on Redis.
 */
describe("a server whose Redis hangs (PostgreSQL, SIGSTOP)", () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await openPostgres();
    app = await freshServer(database, () => new Date(), {
      redisUrl: redis.url,
      rateLimit: { max: 100_000 },
      identityProvider: true,
      trustProxy: ["127.0.0.1"],
      loginThrottle: { perAccountAndIp: { attempts: 3, windowSeconds: 600 }, perIp: { attempts: 50, windowSeconds: 600 } },
    });
    // Enough stock that the buyers never sell out, however fast the machine.
    await database.db.update(products).set({ stock: 1_000_000 }).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, "ll_ticket_weekend")));
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = originOf(app.server.address());
  }, 120_000);
  afterAll(async () => {
    redis?.resume();
    await app?.close();
    await database?.dispose();
    await redis?.stop();
  });

  it("answers every cart, hold and order call before Redis is resumed, and keeps the login form throttled", async () => {
    // Before the pause: the same path works with Redis (and warms up the database pool).
    await shopVisitor(origin, { address: "198.51.100.200" }).buyTicket("before@example.com");

    const visitors = Array.from({ length: VISITORS }, (_, i) => shopVisitor(origin, { address: `198.51.100.${i + 1}` }));
    const loginAnswers: Array<{ status: number; answeredAt: number }> = [];
    redis.pause();
    const pausedAt = Date.now();
    const until = pausedAt + PAUSE_MS - 1_000;
    let bought = 0;
    const buyers = visitors.map(async (visitor, v) => {
      for (let n = 0; Date.now() < until; n += 1) {
        await visitor.buyTicket(`visitor-${v}-${n}@example.com`);
        bought += 1;
      }
    });
    // A guesser of anna's password from one address while Redis hangs: throttled after its wrong passwords.
    const guesser = (async () => {
      for (let i = 0; i < 5; i += 1) {
        const b = oidcBrowser(origin, { "x-forwarded-for": "203.0.113.66" });
        const form = await loginForm(b, (await authorize(b)).response);
        const answer = await postLogin(b, form, "anna@example.com", i === 4 ? "festival" : `guess-${i}`);
        loginAnswers.push({ status: answer.status, answeredAt: Date.now() });
      }
    })();
    // Every buyer runs to the end of the pause before Redis resumes, whatever one of them met.
    const settled = await Promise.allSettled([...buyers, guesser]);
    const resumedAt = Date.now();
    redis.resume();
    for (const outcome of settled) if (outcome.status === "rejected") throw outcome.reason;

    const calls: TimedCall[] = visitors.flatMap((visitor) => visitor.calls);
    expect(bought).toBeGreaterThan(0);
    expect(resumedAt - pausedAt).toBeLessThan(PAUSE_MS + 5_000);
    for (const call of calls) {
      expect(call.status).toBeLessThan(300);
      expect(call.answeredAt).toBeLessThanOrEqual(resumedAt);
    }
    expect(loginAnswers.map((a) => a.status)).toEqual([401, 401, 401, 429, 429]);
    for (const answer of loginAnswers) expect(answer.answeredAt).toBeLessThanOrEqual(resumedAt);

    const line = (kind: string, ms: number[]) =>
      `${kind.padEnd(8)} n=${String(ms.length).padStart(4)} p50=${quantile(ms, 0.5).toFixed(0)} ms p99=${quantile(ms, 0.99).toFixed(0)} ms max=${Math.max(...ms).toFixed(0)} ms`;
    const report = ["cart", "hold", "details", "order"].map((kind) => line(kind, calls.filter((c) => c.kind === kind).map((c) => c.ms)));
    console.log(`During a ${PAUSE_MS / 1000} s SIGSTOP of Redis (${VISITORS} visitors at once, PostgreSQL; target p99 ≤ 1000 ms):\n${report.join("\n")}\n${line("all", calls.map((c) => c.ms))}`);
  }, 120_000);
});

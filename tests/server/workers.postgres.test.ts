import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { decodeJwt } from "jose";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TEST_POSTGRES_URL } from "./server-harness.ts";
import { processFleet, type ServerProcess } from "./server-process.ts";

/** The shared test Redis (the machine's, 127.0.0.1:6379); each run uses keys under a prefix of its own. */
const TEST_REDIS_URL = process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";
const NOTICE_TOKEN = "notice-token-of-the-worker-tests";
const BASE_ENV = { NOTICE_ADMIN_TOKEN: NOTICE_TOKEN, QUEUE_TOKEN_SECRET: "workers-share-this-queue-secret-0123456789" };

const fleet = processFleet(BASE_ENV, TEST_POSTGRES_URL);
const start = fleet.start;
const throwawayPostgres = () => fleet.postgres("shop_workers");
const redisPrefix = () => {
  const prefix = `festival-shop-test-${randomBytes(6).toString("hex")}:`;
  fleet.onRelease(async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  return prefix;
};

afterAll(() => fleet.release(), 120_000);

/** Each call comes from a client address of its own (X-Forwarded-For from the trusted 127.0.0.1), so calls of one part never spend another part's rate limit. */
let lastClient = 0;
const newClient = () => `203.0.113.${(lastClient += 1)}`;

const getNotice = async (server: ServerProcess, client = newClient()) =>
  (await (await fetch(`${server.baseUrl}/api/notice?t=1200`, { headers: { "x-forwarded-for": client } })).json()) as { message: { title: string | null } };
const putNotice = (server: ServerProcess, title: string | null) =>
  fetch(`${server.baseUrl}/api/notice`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${NOTICE_TOKEN}`, "x-forwarded-for": newClient() },
    body: JSON.stringify({ title, error: null }),
  });
const shopStatus = async (server: ServerProcess, namespace: string, token: string) =>
  (await fetch(`${server.baseUrl}/api/v2/shop`, { headers: { "x-event-namespace": namespace, authorization: `Bearer ${token}`, "x-forwarded-for": newClient() } })).status;
const showcaseShop = async (server: ServerProcess): Promise<{ namespace: string; shopToken: string }> => {
  const res = await fetch(`${server.baseUrl}/_pact/provider-states`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ state: "a shop with every optional setting" }) });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as { namespace: string; shopToken: string };
};

/** Two workers started as two processes on one PostgreSQL and one Redis (built once, by the first test that asks). */
let pair: Promise<{ first: ServerProcess; second: ServerProcess; databaseUrl: string }> | undefined;
const twoWorkers = () =>
  (pair ??= (async () => {
    const databaseUrl = await throwawayPostgres();
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix(),
      WORKERS: "1",
      RATE_LIMIT_PER_MINUTE: "4",
      TRUST_PROXY: "127.0.0.1",
      PACT_PROVIDER_STATES: "enabled",
      // Without an invalidation from the other worker, a cached shop would stay for ten minutes.
      SHOP_CACHE_TTL_MS: "600000",
      // One admission every two seconds: the line's first visitor is admitted on arrival, the others wait their turn.
      QUEUE_ADMIT_PER_MINUTE: "30",
      // Three places per client IP an hour, counted in Redis for both workers.
      QUEUE_JOINS_PER_IP_PER_HOUR: "3",
    };
    // One after the other: the first migrates and seeds, the second finds the database ready.
    const first = await start(shared);
    const second = await start(shared);
    return { first, second, databaseUrl };
  })());

describe("two workers on one PostgreSQL and one Redis", () => {
  it("count one rate limit across both", async () => {
    const { first, second } = await twoWorkers();
    // The rate limit (4 a minute per client) counts across both: two calls on each, then the fifth is refused on either.
    const client = "198.51.100.7";
    const shops = (server: ServerProcess) => fetch(`${server.baseUrl}/api/v2/shops`, { headers: { "x-forwarded-for": client } });
    const allowed = [await shops(first), await shops(second), await shops(first), await shops(second)];
    expect(allowed.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    for (const server of [first, second]) {
      const refused = await shops(server);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate.limited");
    }

  }, 480_000);

  it("answer a notice set on either of them", async () => {
    const { first, second } = await twoWorkers();
    expect((await getNotice(second)).message.title).toBeNull();
    expect((await putNotice(first, "Doors open at noon")).status).toBe(200);
    await vi.waitFor(async () => expect((await getNotice(second)).message.title).toBe("Doors open at noon"), { timeout: 10_000, interval: 100 });
    expect((await putNotice(second, null)).status).toBe(200);
    await vi.waitFor(async () => expect((await getNotice(first)).message.title).toBeNull(), { timeout: 10_000, interval: 100 });

  }, 480_000);

  it("read a shop afresh when the other worker changed it", async () => {
    const { first, second, databaseUrl } = await twoWorkers();
    // A shop changed through one worker's writer is read afresh by the other, whose cache held the old row.
    const { namespace, shopToken } = await showcaseShop(first);
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    await sql.query("UPDATE shops SET shop_token = 'rotated-by-sql' WHERE api_namespace = $1", [namespace]);
    await sql.end();
    expect(await shopStatus(second, namespace, "rotated-by-sql")).toBe(200);
    expect(await shopStatus(second, namespace, shopToken)).toBe(401);
    await showcaseShop(first);
    await vi.waitFor(async () => expect(await shopStatus(second, namespace, shopToken)).toBe(200), { timeout: 3_000, interval: 50 });
    expect(await shopStatus(second, namespace, "rotated-by-sql")).toBe(401);
  }, 480_000);

  it("keep one waiting line: visitors joining on either get consecutive tickets and are admitted in join order", async () => {
    const { first, second } = await twoWorkers();
    const workers = [first, second];
    const line = (server: ServerProcess) => `${server.baseUrl}/queue/northern-nights-sale`;
    // Six visitors join alternately on the first and the second worker; each keeps the place cookie it was given.
    const visitors: Array<{ cookie: string; ticket: number; joinedOn: number }> = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(line(workers[i % 2]!), { redirect: "manual", headers: { "x-forwarded-for": newClient() } });
      expect([200, 303]).toContain(res.status);
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("festival-shop.queue.northern-nights-sale="));
      expect(setCookie).toBeDefined();
      const cookie = setCookie!.split(";")[0]!;
      // The place token's subject is the ticket drawn from the line (a signed JWT; read here, verified by the server).
      visitors.push({ cookie, ticket: Number(decodeJwt(cookie.slice(cookie.indexOf("=") + 1)).sub), joinedOn: i % 2 });
    }
    // One counter for both workers: consecutive tickets in join order, whichever worker drew them.
    const firstTicket = visitors[0]!.ticket;
    expect(visitors.map((v) => v.ticket)).toEqual([0, 1, 2, 3, 4, 5].map((k) => firstTicket + k));

    // Asked on the other worker than the one joined, every snapshot admits a prefix of the join order, and the
    // waiting positions are consecutive behind it; in the end all six are admitted.
    const statusOf = async (visitor: (typeof visitors)[number]) => {
      const res = await fetch(`${line(workers[1 - visitor.joinedOn]!)}/status`, { headers: { cookie: visitor.cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { state: string; position?: number } }).data;
    };
    const seen = new Set<number>();
    await vi.waitFor(
      async () => {
        const states = [];
        for (const visitor of visitors) states.push(await statusOf(visitor));
        const admitted = states.filter((s) => s.state === "admitted").length;
        expect(states.slice(0, admitted).every((s) => s.state === "admitted")).toBe(true);
        expect(states.slice(admitted).every((s) => s.state === "waiting")).toBe(true);
        const positions = states.slice(admitted).map((s) => s.position!);
        // The front may move once between two reads of one snapshot (one admission every two seconds), never more.
        positions.forEach((p, k) => expect(k === 0 || p - positions[k - 1]! === 1 || p - positions[k - 1]! === 0).toBe(true));
        seen.add(admitted);
        expect(admitted).toBe(6);
      },
      { timeout: 90_000, interval: 200 },
    );
    // Snapshots before the last admission were checked too, not only the end.
    expect(seen.size).toBeGreaterThan(1);
    // An admitted visitor asking either worker is sent to the shop with a payment queue token.
    for (const visitor of visitors) {
      const res = await fetch(line(workers[1 - visitor.joinedOn]!), { redirect: "manual", headers: { cookie: visitor.cookie, "x-forwarded-for": newClient() } });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/\/northern-nights-sale\?paymentQueueToken=/);
    }
  }, 480_000);

  it("count one IP's places in the waiting line across both: a script dropping its cookie cannot take a fourth", async () => {
    const { first, second } = await twoWorkers();
    const join = (server: ServerProcess, client: string) =>
      fetch(`${server.baseUrl}/queue/northern-nights-sale`, { redirect: "manual", headers: { "x-forwarded-for": client } });
    // Three cookie-less joins from one address, spread over both workers, each take a place.
    const script = "198.51.100.66";
    for (const server of [first, second, first]) expect([200, 303]).toContain((await join(server, script)).status);
    // The fourth, on either worker, is refused with a Retry-After; nothing was drawn from the line for it.
    for (const server of [second, first]) {
      const refused = await join(server, script);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate.limited");
    }
    // Another visitor's address still joins.
    expect([200, 303]).toContain((await join(second, newClient())).status);
  }, 480_000);

  it("run as WORKERS=2 on one port: both serve, a notice reaches every answer, and a killed worker is replaced", async () => {
    const server = await start({ DATABASE_URL: await throwawayPostgres(), REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix(), WORKERS: "2", TRUST_PROXY: "127.0.0.1" });
    await vi.waitFor(() => expect(server.output()).toContain("2 workers"), { timeout: 120_000, interval: 200 });
    const pids = [...server.output().matchAll(/Worker \d+ \(pid (\d+)\) serves/g)].map((m) => Number(m[1]));
    expect(new Set(pids).size).toBe(2);
    // The migrations and the seed ran once, in the primary.
    expect(server.output().match(/Seeded the demo catalogue/g)).toHaveLength(1);

    expect((await putNotice(server, "Sold out soon")).status).toBe(200);
    // Connections are handed out round robin: four calls in a row reach both workers.
    await vi.waitFor(async () => {
      const titles = await Promise.all([0, 1, 2, 3].map(() => getNotice(server)));
      expect(titles.map((t) => t.message.title)).toEqual(["Sold out soon", "Sold out soon", "Sold out soon", "Sold out soon"]);
    }, { timeout: 10_000, interval: 100 });

    process.kill(pids[0]!, "SIGKILL");
    await vi.waitFor(() => expect(server.output()).toMatch(/died \(SIGKILL\); starting a new one/), { timeout: 30_000, interval: 200 });
    // The other worker keeps serving while the new one starts, and the new one reads the notice from Redis.
    expect((await getNotice(server)).message.title).toBe("Sold out soon");
    await vi.waitFor(() => expect([...server.output().matchAll(/Worker \d+ \(pid (\d+)\) serves/g)]).toHaveLength(3), { timeout: 180_000, interval: 200 });
    const after = await Promise.all([0, 1, 2, 3].map(() => getNotice(server)));
    expect(after.map((t) => t.message.title)).toEqual(["Sold out soon", "Sold out soon", "Sold out soon", "Sold out soon"]);
  }, 480_000);

  it("refuses WORKERS=2 on PGlite and without REDIS_URL, before opening any database", async () => {
    await expect(start({ WORKERS: "2", DATA_DIR: "memory://" })).rejects.toThrow(/WORKERS=2 needs PostgreSQL \(DATABASE_URL\)/);
    await expect(start({ WORKERS: "2", DATABASE_URL: TEST_POSTGRES_URL, REDIS_URL: "" })).rejects.toThrow(/WORKERS=2 needs REDIS_URL/);
    await expect(start({ WORKERS: "two", DATABASE_URL: TEST_POSTGRES_URL })).rejects.toThrow(/WORKERS must be a whole number/);
  }, 120_000);
});

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshServer, openPglite, testClock, type TestDatabase } from "./server-harness.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";

const NOTICE_TOKEN = "notice-token-of-the-redis-outage-test";

/** What a worker does while its Redis (REDIS_URL) is away: it keeps selling, limited by its own counters; notice changes wait. */
describe("a worker whose Redis goes away", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let redis: OwnRedis;
  const previousToken = process.env["NOTICE_ADMIN_TOKEN"];

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await openPglite();
    process.env["NOTICE_ADMIN_TOKEN"] = NOTICE_TOKEN;
    app = await freshServer(database, testClock().now, { redisUrl: redis.url, rateLimit: { max: 3 } });
  }, 60_000);
  afterAll(async () => {
    if (previousToken === undefined) delete process.env["NOTICE_ADMIN_TOKEN"];
    else process.env["NOTICE_ADMIN_TOKEN"] = previousToken;
    await app?.close();
    await database?.dispose();
    await redis?.stop();
  });

  const notice = async () => (await app.inject({ method: "GET", url: "/api/notice?t=1200", remoteAddress: "198.51.100.1" })).json() as { message: { title: string | null } };
  const putNotice = (title: string | null) =>
    app.inject({ method: "PUT", url: "/api/notice", remoteAddress: "198.51.100.2", headers: { authorization: `Bearer ${NOTICE_TOKEN}` }, payload: { title, error: null } });
  const shops = () => app.inject({ method: "GET", url: "/api/v2/shops", remoteAddress: "198.51.100.3" });

  it("keeps answering (its own rate limit, last notice), refuses a notice change with 503, and shares again once Redis is back", async () => {
    expect((await putNotice("Gates open at noon")).statusCode).toBe(200);
    expect((await notice()).message.title).toBe("Gates open at noon");
    for (let i = 0; i < 3; i += 1) expect((await shops()).statusCode).toBe(200);
    expect((await shops()).statusCode).toBe(429);

    await redis.stop();
    // The limit lived in Redis: while it is away this worker counts it itself, from zero, and the catalogue is still sold.
    const away = [];
    for (let i = 0; i < 4; i += 1) away.push((await shops()).statusCode);
    expect(away).toEqual([200, 200, 200, 429]);
    expect((await notice()).message.title).toBe("Gates open at noon");
    const refused = await putNotice(null);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: { code: "service.unavailable", message: expect.any(String) } });
    expect((await notice()).message.title).toBe("Gates open at noon");

    await redis.start();
    // ioredis reconnects by itself; then the notice can be changed again and the limit counts again.
    await vi.waitFor(async () => expect((await putNotice("Back to normal")).statusCode).toBe(200), { timeout: 30_000, interval: 200 });
    expect((await notice()).message.title).toBe("Back to normal");
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await shops()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  }, 90_000);
});

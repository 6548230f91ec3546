import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import type { FastifyInstance } from "fastify";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshServer, openPglite, testClock, type TestDatabase } from "./server-harness.ts";
import { freePort } from "./server-process.ts";

const NOTICE_TOKEN = "notice-token-of-the-redis-outage-test";

/** A Redis of this test's own (Debian's redis-server, no persistence) on `port`, so it can be stopped and started again. */
const startRedis = async (port: number): Promise<ChildProcess> => {
  const child = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const client = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  await vi.waitFor(async () => {
    await client.connect().catch(() => undefined);
    expect(await client.ping()).toBe("PONG");
  }, { timeout: 10_000, interval: 100 });
  client.disconnect();
  return child;
};
const stopRedis = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGKILL");
  await once(child, "exit");
};

/** What a worker does while its Redis (REDIS_URL) is away: it keeps selling; the rate limit and notice changes degrade. */
describe("a worker whose Redis goes away", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let redis: ChildProcess;
  let port: number;
  const previousToken = process.env["NOTICE_ADMIN_TOKEN"];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    database = await openPglite();
    process.env["NOTICE_ADMIN_TOKEN"] = NOTICE_TOKEN;
    app = await freshServer(database, testClock().now, { redisUrl: `redis://127.0.0.1:${port}`, rateLimit: { max: 3 } });
  }, 60_000);
  afterAll(async () => {
    if (previousToken === undefined) delete process.env["NOTICE_ADMIN_TOKEN"];
    else process.env["NOTICE_ADMIN_TOKEN"] = previousToken;
    await app?.close();
    await database?.dispose();
    if (redis) await stopRedis(redis);
  });

  const notice = async () => (await app.inject({ method: "GET", url: "/api/notice?t=1200", remoteAddress: "198.51.100.1" })).json() as { message: { title: string | null } };
  const putNotice = (title: string | null) =>
    app.inject({ method: "PUT", url: "/api/notice", remoteAddress: "198.51.100.2", headers: { authorization: `Bearer ${NOTICE_TOKEN}` }, payload: { title, error: null } });
  const shops = () => app.inject({ method: "GET", url: "/api/v2/shops", remoteAddress: "198.51.100.3" });

  it("keeps answering (rate limit off, last notice), refuses a notice change with 503, and shares again once Redis is back", async () => {
    expect((await putNotice("Gates open at noon")).statusCode).toBe(200);
    expect((await notice()).message.title).toBe("Gates open at noon");
    for (let i = 0; i < 3; i += 1) expect((await shops()).statusCode).toBe(200);
    expect((await shops()).statusCode).toBe(429);

    await stopRedis(redis);
    // The limit lived in Redis: while it is away requests pass rather than fail, and the catalogue is still sold.
    for (let i = 0; i < 5; i += 1) expect((await shops()).statusCode).toBe(200);
    expect((await notice()).message.title).toBe("Gates open at noon");
    const refused = await putNotice(null);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: { code: "service.unavailable", message: expect.any(String) } });
    expect((await notice()).message.title).toBe("Gates open at noon");

    redis = await startRedis(port);
    // ioredis reconnects by itself; then the notice can be changed again and the limit counts again.
    await vi.waitFor(async () => expect((await putNotice("Back to normal")).statusCode).toBe(200), { timeout: 30_000, interval: 200 });
    expect((await notice()).message.title).toBe("Back to normal");
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await shops()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  }, 90_000);
});

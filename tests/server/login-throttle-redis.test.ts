import { randomBytes } from "node:crypto";
import type Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedis, redisClient, redisReady } from "../../server/cluster/redis-client.ts";
import { createLoginThrottle, type LoginThrottle } from "../../server/identity/login-throttle.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { openPglite, type TestDatabase } from "./server-harness.ts";

/** The login throttle with its counters in Redis, and what it does when Redis is away or hangs. */
describe("the login throttle in Redis", () => {
  let database: TestDatabase;
  let own: OwnRedis;
  let redis: Redis;
  let throttle: LoginThrottle;
  const prefix = `festival-shop-test-${randomBytes(6).toString("hex")}:`;
  const limits = { perAccountAndIp: { attempts: 2, windowSeconds: 60 }, perIp: { attempts: 4, windowSeconds: 60 } };

  beforeAll(async () => {
    database = await openPglite();
    own = await startOwnRedis();
    redis = redisClient(own.url);
    await redisReady(redis, own.url, 5_000);
    throttle = createLoginThrottle(database.db, { ...limits, redis, redisKeyPrefix: prefix });
  });
  afterAll(async () => {
    own?.resume();
    if (redis) await closeRedis(redis);
    await own?.stop();
    await database?.dispose();
  });

  it("throttles an account from the address that guessed, in Redis under hashed keys, and not from the owner's address", async () => {
    await throttle.failed("anna@example.com", "198.51.100.1");
    expect(await throttle.waitSeconds("anna@example.com", "198.51.100.1")).toBe(0);
    await throttle.failed("anna@example.com", "198.51.100.1");
    expect(await throttle.waitSeconds(" Anna@Example.com ", "198.51.100.1")).toBeGreaterThan(0);
    expect(await throttle.waitSeconds("anna@example.com", "198.51.100.2")).toBe(0);
    const keys = await own.keys(prefix);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(" ")).not.toMatch(/anna|example|198\.51/);
  });

  it("throttles an address after its wrong passwords on any accounts", async () => {
    for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) await throttle.failed(email, "203.0.113.5");
    expect(await throttle.waitSeconds("e@example.com", "203.0.113.5")).toBeGreaterThan(0);
    expect(await throttle.waitSeconds("e@example.com", "203.0.113.6")).toBe(0);
  });

  it("still counts, in memory, while Redis hangs: a hung Redis costs one command timeout, not a wait per login", async () => {
    own.pause();
    try {
      const started = performance.now();
      await throttle.failed("lucia@example.com", "192.0.2.7");
      await throttle.failed("lucia@example.com", "192.0.2.7");
      expect(await throttle.waitSeconds("lucia@example.com", "192.0.2.7")).toBeGreaterThan(0);
      expect(await throttle.waitSeconds("lucia@example.com", "192.0.2.8")).toBe(0);
      console.log(`Five login-throttle steps while Redis hangs took ${(performance.now() - started).toFixed(0)} ms (each Redis command waits at most its timeout).`);
    } finally {
      own.resume();
    }
  });
});

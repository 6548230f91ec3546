import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoginThrottle, type LoginThrottle } from "../../server/identity/login-throttle.ts";
import { openPglite, type TestDatabase } from "./server-harness.ts";

/** The shared test Redis (the machine's, 127.0.0.1:6379); each run uses keys under a prefix of its own. */
const TEST_REDIS_URL = process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";

/** The login throttle with its counters in Redis (REDIS_URL), and what it does when its store is away. */
describe("the login throttle in Redis", () => {
  let database: TestDatabase;
  let throttle: LoginThrottle;
  const prefix = `festival-shop-test-${randomBytes(6).toString("hex")}:`;
  const limits = { perAccount: { attempts: 2, windowSeconds: 60 }, perIp: { attempts: 4, windowSeconds: 60 } };

  beforeAll(async () => {
    database = await openPglite();
    throttle = createLoginThrottle(database.db, { ...limits, redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix });
  });
  afterAll(async () => {
    await throttle.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database.dispose();
  });

  it("throttles an account after its wrong passwords, in Redis under the run's prefix, and no other account", async () => {
    await throttle.failed("anna@example.com", "198.51.100.1");
    expect(await throttle.waitSeconds("anna@example.com", "198.51.100.2")).toBe(0);
    await throttle.failed("anna@example.com", "198.51.100.1");
    expect(await throttle.waitSeconds(" Anna@Example.com ", "198.51.100.2")).toBeGreaterThan(0);
    expect(await throttle.waitSeconds("sam@example.com", "198.51.100.2")).toBe(0);
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    await redis.quit();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(" ")).not.toMatch(/anna|example|198\.51/);
  });

  it("throttles an IP after its wrong passwords on any accounts", async () => {
    for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) await throttle.failed(email, "203.0.113.5");
    expect(await throttle.waitSeconds("e@example.com", "203.0.113.5")).toBeGreaterThan(0);
    expect(await throttle.waitSeconds("e@example.com", "203.0.113.6")).toBe(0);
  });

  it("still counts, in memory, while Redis cannot be reached", async () => {
    const away = createLoginThrottle(database.db, { ...limits, redisUrl: "redis://127.0.0.1:1", redisKeyPrefix: prefix });
    try {
      await away.failed("lucia@example.com", "192.0.2.7");
      await away.failed("lucia@example.com", "192.0.2.7");
      expect(await away.waitSeconds("lucia@example.com", "192.0.2.8")).toBeGreaterThan(0);
      expect(await away.waitSeconds("sam@example.com", "192.0.2.8")).toBe(0);
    } finally {
      await away.close();
    }
  });
});

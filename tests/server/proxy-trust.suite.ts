import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "../../server/server-settings.ts";
import { requestFrom, startForwardingProxy, type ForwardingProxy } from "../support/forwarding-proxy.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { LOWLANDS_HEADERS } from "../support/shop-visitor.ts";
import { freshServer, testClock, type TestDatabase } from "./server-harness.ts";
import { originOf } from "./oidc-browser.ts";

/** API calls per minute and waiting-line places per hour one client address gets in this suite. */
const API_LIMIT = 5;
const JOIN_LIMIT = 3;

/**
 * Per-client limits a client cannot dodge with its own X-Forwarded-For behind a trusted proxy (spec §7;
 * docs/deployment.md).
 */
export const proxyTrustSuite = (driver: string, open: () => Promise<TestDatabase>, withRedis: boolean) =>
  describe(`per-client limits behind a proxy (TRUST_PROXY=1) on ${driver}${withRedis ? " with Redis" : ""}`, () => {
    let database: TestDatabase;
    let redis: OwnRedis | undefined;
    let app: FastifyInstance;
    let proxy: ForwardingProxy;

    beforeAll(async () => {
      database = await open();
      if (withRedis) redis = await startOwnRedis();
      app = await freshServer(database, testClock().now, {
        trustProxy: parseTrustProxy("1"),
        rateLimit: { max: API_LIMIT },
        redisUrl: redis ? redis.url : false,
        waitingRoom: { admitPerMinute: 6_000_000, redisUrl: redis ? redis.url : false, redisKeyPrefix: "proxy-trust:", joinsPerIpPerHour: JOIN_LIMIT },
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      proxy = await startForwardingProxy(originOf(app.server.address()).replace("localhost", "127.0.0.1"));
    }, 60_000);
    afterAll(async () => {
      await proxy?.close();
      await app?.close();
      await database?.dispose();
      await redis?.stop();
    });

    const shops = (client: string, forged: string) => requestFrom(client, `${proxy.origin}/api/v2/shops`, { ...LOWLANDS_HEADERS, "x-forwarded-for": forged });
    const join = (client: string, forged: string) => requestFrom(client, `${proxy.origin}/queue/northern-nights`, { "x-forwarded-for": forged });

    it("gives a client forging X-Forwarded-For no fresh API budget, while another client keeps its own", async () => {
      const statuses = [];
      for (let i = 1; i <= API_LIMIT + 2; i += 1) statuses.push((await shops("127.0.0.2", `198.51.100.${i}`)).status);
      expect(statuses).toEqual([...Array<number>(API_LIMIT).fill(200), 429, 429]);
      const refused = await shops("127.0.0.2", "203.0.113.250, 198.51.100.99");
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ error: { code: "rate.limited", message: expect.stringContaining("Too many requests") } });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await shops("127.0.0.3", "198.51.100.1")).status).toBe(200);
    });

    it("gives a client forging X-Forwarded-For no fresh places in the waiting line, while another client still joins", async () => {
      const statuses = [];
      for (let i = 1; i <= JOIN_LIMIT + 1; i += 1) statuses.push((await join("127.0.0.4", `192.0.2.${i}`)).status);
      expect(statuses).toEqual([...Array<number>(JOIN_LIMIT).fill(303), 429]);
      expect((await join("127.0.0.5", "192.0.2.1")).status).toBe(303);
    });

    if (withRedis) {
      it("keeps no client address in a Redis key of the limits (hashed like the join and login keys)", async () => {
        const keys = await redis!.keys("");
        expect(keys.some((key) => key.includes("rate_limit"))).toBe(true);
        expect(keys.join(" ")).not.toMatch(/127\.0\.0|198\.51\.100|192\.0\.2/);
      });
    }
  });

import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADDON_DEMO_ORDER_EMAIL, ADDON_DEMO_ORDER_REFERENCE, ADDON_SHOP_TOKEN } from "../../server/catalogue/demo-addon-shop.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { freshServer, testClock, type TestDatabase } from "./server-harness.ts";

/** The add-on shop's headers (its lookup by order number and e-mail answers the order's cart token). */
export const EXTRAS_HEADERS = { "x-event-namespace": "lowlands-extras-2027", authorization: `Bearer ${ADDON_SHOP_TOKEN}` } as const;

/** Lookups that miss, allowed per hour per order number and per client address in this suite. */
const PER_ORDER = 4;
const PER_IP = 6;

/**
 * The order lookup by number and e-mail (spec §5, §7) cannot be used to guess an e-mail: misses count per order and per
 * address; a hit costs nothing.
 */
export const orderLookupLimitSuite = (driver: string, open: () => Promise<TestDatabase>, withRedis: boolean) =>
  describe(`order lookups limited per order number and per address on ${driver}${withRedis ? " with Redis" : ""}`, () => {
    let database: TestDatabase;
    let redis: OwnRedis | undefined;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await open();
      if (withRedis) redis = await startOwnRedis();
    }, 60_000);
    beforeEach(async () => {
      app = await freshServer(database, testClock().now, { rateLimit: false, redisUrl: redis ? redis.url : false, orderLookups: { perIpPerHour: PER_IP, perOrderPerHour: PER_ORDER } });
    });
    afterEach(async () => {
      await app.close();
      if (redis) {
        await redis.stop();
        await redis.start();
      }
    });
    afterAll(async () => {
      await database?.dispose();
      await redis?.stop();
    });

    const lookUp = (remoteAddress: string, reference: string, email: string) =>
      app.inject({ method: "POST", url: "/api/v2/get-orders", remoteAddress, headers: EXTRAS_HEADERS, payload: { reference, consumer_email: email } });

    it("refuses guesses of one order's e-mail from many addresses past the per-order limit, the right e-mail too, and says when to try again", async () => {
      for (let i = 1; i <= PER_ORDER; i += 1) expect((await lookUp(`198.51.100.${i}`, ADDON_DEMO_ORDER_REFERENCE, `guess-${i}@example.com`)).statusCode).toBe(404);
      const refused = await lookUp("198.51.100.50", ADDON_DEMO_ORDER_REFERENCE, "guess-50@example.com");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: "rate.limited", message: expect.stringContaining("Too many order lookups") } });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Nothing is looked up past the limit: the right e-mail gets the same answer, no cart token.
      const right = await lookUp("198.51.100.51", ADDON_DEMO_ORDER_REFERENCE, ADDON_DEMO_ORDER_EMAIL);
      expect(right.statusCode).toBe(429);
      expect(right.body).not.toContain("cart_token");
      // Another order number is not limited by these guesses.
      expect((await lookUp("198.51.100.52", "999999999", "someone@example.com")).statusCode).toBe(404);
    });

    it("refuses one address guessing across order numbers past the per-address limit, while other addresses still look up", async () => {
      for (let i = 0; i < PER_IP; i += 1) expect((await lookUp("203.0.113.9", String(100_000_000 + i), "anna@example.com")).statusCode).toBe(404);
      expect((await lookUp("203.0.113.9", String(100_000_000 + PER_IP), "anna@example.com")).statusCode).toBe(429);
      expect((await lookUp("203.0.113.9", ADDON_DEMO_ORDER_REFERENCE, ADDON_DEMO_ORDER_EMAIL)).statusCode).toBe(429);
      const owner = await lookUp("192.0.2.20", ADDON_DEMO_ORDER_REFERENCE, ADDON_DEMO_ORDER_EMAIL);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().data.original_orders[0].reference).toBe(ADDON_DEMO_ORDER_REFERENCE);
    });

    it("does not count lookups that find the order: the owner looks it up more often than either limit", async () => {
      for (let i = 0; i < PER_IP + PER_ORDER; i += 1) {
        const found = await lookUp("192.0.2.30", ADDON_DEMO_ORDER_REFERENCE, ` ${ADDON_DEMO_ORDER_EMAIL.toUpperCase()} `);
        expect(found.statusCode).toBe(200);
        expect(found.json().data.original_orders[0].cart_token).toEqual(expect.any(String));
      }
      expect((await lookUp("192.0.2.30", "999999998", "someone@example.com")).statusCode).toBe(404);
    });

    if (withRedis) {
      it("counts in Redis under hashed keys: no order number, e-mail or address in a key", async () => {
        for (let i = 1; i <= 2; i += 1) expect((await lookUp(`198.51.100.${i}`, ADDON_DEMO_ORDER_REFERENCE, "guess@example.com")).statusCode).toBe(404);
        const keys = await redis!.keys("");
        expect(keys.filter((key) => key.includes("order_lookup"))).toHaveLength(3);
        expect(keys.join(" ")).not.toMatch(/246813579|example|198\.51/);
      });
    }
  });

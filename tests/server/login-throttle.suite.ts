import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loginThrottle } from "../../server/db/schema.ts";
import { sweepLoginThrottle } from "../../server/identity/login-throttle.ts";
import type { BuildServerOptions } from "../../server/app.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { type TestDatabase, freshServer } from "./server-harness.ts";
import { authorize, loginForm, oidcBrowser, originOf, postLogin } from "./oidc-browser.ts";

/** Addresses of the owner of an account and of a stranger guessing its password. */
const OWNER = "198.51.100.10";
const ATTACKER = "203.0.113.66";

/**
 * The development login form throttled as OWASP asks (spec §6): counted per account and address pair and per address,
 * so a guesser is throttled while the owner still logs in.
 */
export const loginThrottleSuite = (driver: string, open: () => Promise<TestDatabase>, withRedis: boolean) =>
  describe(`the login form's throttle on ${driver}${withRedis ? " with Redis" : ""}`, () => {
    let database: TestDatabase;
    let redis: OwnRedis | undefined;
    const servers: FastifyInstance[] = [];
    const limits: Partial<BuildServerOptions> = { loginThrottle: { perAccountAndIp: { attempts: 3, windowSeconds: 600 }, perIp: { attempts: 6, windowSeconds: 600 } }, trustProxy: ["127.0.0.1"] };

    beforeAll(async () => {
      database = await open();
      if (withRedis) redis = await startOwnRedis();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((app) => app.close()));
      await database.db.delete(loginThrottle);
      if (redis) {
        await redis.stop();
        await redis.start();
      }
    });
    afterAll(async () => {
      await database?.dispose();
      await redis?.stop();
    });

    /** A listening server over the suite's store; answers its origin. The provider signs in real time. */
    const listening = async () => {
      const app = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true, redisUrl: redis ? redis.url : false, ...limits });
      servers.push(app);
      await app.listen({ port: 0, host: "127.0.0.1" });
      return originOf(app.server.address());
    };
    /** One login as `email` with `password` from the client address `ip`: the form's answer (303 logged in, 401 wrong, 429 throttled). */
    const attempt = async (origin: string, ip: string, email: string, password: string) => {
      const b = oidcBrowser(origin, { "x-forwarded-for": ip });
      return postLogin(b, await loginForm(b, (await authorize(b)).response), email, password);
    };

    it("throttles a stranger guessing anna's password while anna, from her own address, logs in", async () => {
      const origin = await listening();
      for (let i = 0; i < 3; i += 1) expect((await attempt(origin, ATTACKER, "anna@example.com", `guess-${i}`)).status).toBe(401);
      const throttled = await attempt(origin, ATTACKER, "Anna@Example.com", "festival");
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      const page = await throttled.text();
      expect(page).toContain('role="alert"');
      expect(page).toContain("Too many wrong passwords");
      expect((await attempt(origin, OWNER, "anna@example.com", "festival")).status).toBe(303);
      // The stranger stays throttled on that account after the owner's login; the counters are shared by a second server.
      const other = await listening();
      expect((await attempt(other, ATTACKER, "anna@example.com", "festival")).status).toBe(429);
      expect((await attempt(other, OWNER, "anna@example.com", "festival")).status).toBe(303);
    });

    it("throttles an address that guessed on many accounts for every account, while other addresses still log in", async () => {
      const origin = await listening();
      const accounts = ["anna@example.com", "sam@example.com", "lucia@example.com"];
      for (let i = 0; i < 6; i += 1) expect((await attempt(origin, ATTACKER, accounts[i % 3]!, `guess-${i}`)).status).toBe(401);
      expect((await attempt(origin, ATTACKER, "lucia@example.com", "festival")).status).toBe(429);
      expect((await attempt(origin, OWNER, "lucia@example.com", "festival")).status).toBe(303);
    });

    it("starts the pair's count again after a right password, and keeps no e-mail or address in its store", async () => {
      const origin = await listening();
      for (let i = 0; i < 2; i += 1) expect((await attempt(origin, OWNER, "sam@example.com", "typo")).status).toBe(401);
      expect((await attempt(origin, OWNER, "sam@example.com", "festival")).status).toBe(303);
      for (let i = 0; i < 2; i += 1) expect((await attempt(origin, OWNER, "sam@example.com", "typo")).status).toBe(401);
      expect((await attempt(origin, OWNER, "sam@example.com", "festival")).status).toBe(303);
      const keys = redis
        ? await redis.keys("")
        : (await database.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(" ")).not.toMatch(/sam|example|198\.51/);
      if (!redis) expect(await sweepLoginThrottle(database.db, new Date(Date.now() + 3_600_000))).toBeGreaterThan(0);
    });
  });

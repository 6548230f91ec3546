import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeCookieName } from "../../server/http/waiting-room-routes.ts";
import { freshServer, openPostgres, type TestDatabase } from "./server-harness.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";

const SLUG = "northern-nights-sale";
/** Longest answer (ms) that counts as prompt while Redis hangs or is gone: a few command timeouts, far below a client's patience. */
const PROMPT_MS = 3_000;

/** GET `url` on `app`, given up (undefined) after `ms`: a request that waits on a hung Redis never answers in time. */
const getWithin = async (app: FastifyInstance, url: string, cookie: string | undefined, ms: number): Promise<{ res?: LightMyRequestResponse; ms: number }> => {
  const started = Date.now();
  const res = await Promise.race([
    app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} }),
    new Promise<undefined>((resolve) => void setTimeout(resolve, ms)),
  ]);
  return res ? { res, ms: Date.now() - started } : { ms: Date.now() - started };
};

const placeCookie = (res: LightMyRequestResponse | undefined): string | undefined => {
  const set = res?.cookies.find((c) => c.name === placeCookieName(SLUG));
  return set ? `${set.name}=${set.value}` : undefined;
};

/**
 * Redis is an aid of the waiting room, not a single point of failure: while its own redis-server hangs (SIGSTOP) or
 * is gone, a newcomer is answered 503 with Retry-After within a few command timeouts and is admitted by nobody's
 * check; once Redis is back, newcomers join again.
 */
describe("the waiting room while its Redis hangs or is gone (PostgreSQL)", () => {
  let database: TestDatabase;
  let redis: OwnRedis;
  let app: FastifyInstance;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await openPostgres();
    app = await freshServer(database, () => new Date(), {
      redisUrl: redis.url,
      waitingRoom: { admitPerMinute: 60, redisUrl: redis.url, redisKeyPrefix: `test-${randomUUID()}:`, joinsPerIpPerHour: 30 },
    });
  }, 120_000);
  afterAll(async () => {
    redis?.resume();
    await app?.close();
    await database?.dispose();
    await redis?.stop();
  });

  it("answers a newcomer 503 with Retry-After promptly, admits nobody, and takes newcomers again once Redis is back", async () => {
    // Before: the first visitor is admitted at once (303), the second waits (the pace is one a second).
    const first = await getWithin(app, `/queue/${SLUG}`, undefined, PROMPT_MS);
    expect(first.res?.statusCode).toBe(303);
    const second = await getWithin(app, `/queue/${SLUG}`, undefined, PROMPT_MS);
    expect(second.res?.statusCode).toBe(200);
    const waiting = placeCookie(second.res);
    expect(waiting).toBeDefined();

    for (const outage of ["hangs", "is gone"] as const) {
      if (outage === "hangs") redis.pause();
      else {
        redis.resume();
        await redis.stop();
      }
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const newcomer = await getWithin(app, `/queue/${SLUG}`, undefined, PROMPT_MS);
        expect(newcomer.res, `a newcomer while Redis ${outage} is answered within ${PROMPT_MS} ms`).toBeDefined();
        expect(newcomer.res!.statusCode).toBe(503);
        expect(Number(newcomer.res!.headers["retry-after"])).toBeGreaterThan(0);
        expect(newcomer.res!.json().error.code).toBe("service.unavailable");
        expect(newcomer.res!.headers["location"]).toBeUndefined();
        expect(placeCookie(newcomer.res)).toBeUndefined();
      }
      // The waiting visitor is answered promptly too, from their own place (the line is in the database).
      const kept = await getWithin(app, `/queue/${SLUG}/status`, waiting, PROMPT_MS);
      expect(kept.res, `a waiting visitor while Redis ${outage} is answered within ${PROMPT_MS} ms`).toBeDefined();
      expect(["waiting", "admitted"]).toContain(kept.res!.json().data.state);
    }

    await redis.start();
    let back: LightMyRequestResponse | undefined;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      back = (await getWithin(app, `/queue/${SLUG}`, undefined, PROMPT_MS)).res;
      if (back && back.statusCode !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect([200, 303]).toContain(back?.statusCode);
  }, 120_000);
});

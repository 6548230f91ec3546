import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import Redis from "ioredis";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { NORTHERN_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { waitingRoomLines, waitingRoomRedemptions } from "../../server/db/schema.ts";
import { placeCookieName, type WaitingRoomOptions } from "../../server/http/waiting-room-routes.ts";
import type { QueueTokenSettings } from "../../server/queue/queue-tokens.ts";
import { suiteServer, type TestDatabase } from "./server-harness.ts";

const NN_HEADERS = { "x-event-namespace": "northern-nights-2027", authorization: `Bearer ${NORTHERN_TOKEN}` };
const SETTINGS: QueueTokenSettings = { secret: new TextEncoder().encode("waiting-room-secret-of-the-tests-0123456789"), ttlSeconds: 600 };
/** One admission a second; the bucket banks one while the line is empty. */
const ADMIT_PER_MINUTE = 60;

/** A visitor with their own cookie jar (the place cookie) walking the waiting room of `app`. */
const visitor = (app: () => FastifyInstance, slug = "northern-nights") => {
  let cookie: string | undefined;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app().inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    const set = res.cookies.find((c) => c.name === placeCookieName(slug));
    if (set) cookie = `${set.name}=${set.value}`;
    return res;
  };
  return {
    enter: (headers?: Record<string, string>) => get(`/queue/${slug}`, headers),
    status: async () => (await get(`/queue/${slug}/status`)).json().data,
    /** The ticket number of the place cookie (its subject). */
    ticket: () => Number(decodeJwt(cookie!.split("=")[1]!).sub),
    forgetPlace: () => void (cookie = undefined),
    tokenOf: (res: { headers: Record<string, unknown> }) => new URL(String(res.headers["location"]), "http://shop.invalid").searchParams.get("paymentQueueToken"),
  };
};

/**
 * The waiting room (spec §3 queueUrl, §4, §7, §8) as HTTP clients meet it, on the database (Redis counting joins when
 * `redisUrl` is given): admission order and rate, the page, and the way back for a bad token.
 */
export const waitingRoomSuite = (driver: string, open: () => Promise<TestDatabase>, redisUrl?: string) =>
  describe(`the waiting room on ${driver}`, () => {
    // Redis keys under a prefix of this suite's own.
    // Every visitor here comes from one address (inject's 127.0.0.1): no join limit but in the test of that limit.
    const waitingRoom = (): WaitingRoomOptions => ({ admitPerMinute: ADMIT_PER_MINUTE, redisUrl: redisUrl ?? false, redisKeyPrefix: `test-${randomUUID()}:`, joinsPerIpPerHour: 0 });
    const options = waitingRoom();
    const server = suiteServer(open, { queueTokens: SETTINGS, waitingRoom: options });
    const app = () => server.app;
    // Each test starts on an empty line.
    const clearLine = async () => {
      await server.database.db.delete(waitingRoomLines);
      await server.database.db.delete(waitingRoomRedemptions);
      if (!redisUrl) return;
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys(`${options.redisKeyPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    };
    const newCart = (paymentQueueToken: string | null) => server.call("POST", "/api/v2/carts", { paymentQueueToken }, NN_HEADERS);

    it("admits the first visitor of an empty line at once, back to the shop with a token that opens one cart", async () => {
      await clearLine();
      const first = visitor(app);
      const res = await first.enter();
      expect(res.statusCode).toBe(303);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(String(res.headers.location)).toMatch(/^\/northern-nights\?paymentQueueToken=[\w-]+\.[\w-]+\.[\w-]+$/);
      expect((await newCart(first.tokenOf(res))).statusCode).toBe(201);
    });

    it("shows a visitor behind others the page with their place and wait in their language, and the status without a reload", async () => {
      await clearLine();
      for (let i = 0; i < 5; i++) await visitor(app).enter();
      const waiting = visitor(app);
      const page = await waiting.enter({ "accept-language": "nl-NL,nl;q=0.9" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain('<html lang="nl">');
      expect(page.body).toContain("Je staat in de wachtrij voor Northern Nights 2027");
      expect(page.body).toMatch(/role="status" aria-live="polite"/);
      expect(page.body).toMatch(/<dd id="position">5<\/dd>/);
      expect(page.body).toContain('src="/queue/waiting-room.js"');
      expect(await waiting.status()).toEqual({ state: "waiting", position: 5, estimatedWaitSeconds: 5, pollAfterSeconds: 1 });
      const es = await visitor(app).enter({ "accept-language": "es" });
      expect(es.body).toContain("Estás en la cola de Northern Nights 2027");
      expect((await app().inject({ method: "GET", url: "/queue/waiting-room.js" })).body).toContain("d.statusUrl");
      expect(await visitor(app).status()).toEqual({ state: "not-in-line" });
    });

    it("keeps one admission order for everyone: concurrent arrivals on two servers draw distinct tickets and are admitted in that order", async () => {
      await clearLine();
      const other = await buildServer({ db: server.database.db, clock: server.clock.now, sweepIntervalMs: 0, queueTokens: SETTINGS, waitingRoom: options });
      try {
        const crowd = Array.from({ length: 30 }, (_, i) => visitor(i % 2 === 0 ? app : () => other));
        await Promise.all(crowd.map((v) => v.enter()));
        const tickets = crowd.map((v) => v.ticket());
        expect([...tickets].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => tickets.reduce((m, t) => Math.min(m, t)) + i));
        server.clock.advance(10);
        const admitted = await Promise.all(crowd.map(async (v) => ({ ticket: v.ticket(), state: (await v.status()).state })));
        const lowest = Math.min(...tickets);
        // The first on arrival (the banked admission) and one a second since: the 11 lowest tickets, nobody else.
        for (const { ticket, state } of admitted) expect([ticket, state]).toEqual([ticket, ticket < lowest + 11 ? "admitted" : "waiting"]);
      } finally {
        await other.close();
      }
    });

    it("gives one client address at most QUEUE_JOINS_PER_IP_PER_HOUR places: a script dropping its cookie is refused the next, drawing nothing", async () => {
      await clearLine();
      const limited = await buildServer({
        db: server.database.db,
        clock: server.clock.now,
        sweepIntervalMs: 0,
        queueTokens: SETTINGS,
        waitingRoom: { ...options, redisKeyPrefix: `test-${randomUUID()}:`, joinsPerIpPerHour: 2 },
      });
      try {
        const join = (remoteAddress: string) => limited.inject({ method: "GET", url: "/queue/northern-nights", remoteAddress });
        const ticketOf = (res: Awaited<ReturnType<typeof join>>) => Number(decodeJwt(res.cookies.find((c) => c.name === placeCookieName("northern-nights"))!.value).sub);
        const script = "198.51.100.23";
        const [one, two] = [await join(script), await join(script)];
        expect(ticketOf(two)).toBe(ticketOf(one) + 1);
        const refused = await join(script);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe("rate.limited");
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        expect(refused.cookies).toEqual([]);
        // The refused join drew no ticket: the next visitor, from another address, is right behind the script's second place.
        expect(ticketOf(await join("203.0.113.40"))).toBe(ticketOf(two) + 1);
      } finally {
        await limited.close();
      }
    });

    it("admits at QUEUE_ADMIT_PER_MINUTE: one a second here, and positions move up by that", async () => {
      await clearLine();
      const crowd = Array.from({ length: 100 }, () => visitor(app));
      for (const v of crowd) await v.enter();
      const last = crowd.at(-1)!;
      expect(await last.status()).toMatchObject({ state: "waiting", position: 99 });
      server.clock.advance(30);
      expect(await last.status()).toMatchObject({ state: "waiting", position: 69, estimatedWaitSeconds: 69 });
      server.clock.advance(60);
      expect(await last.status()).toMatchObject({ state: "waiting", position: 9 });
      expect(await crowd[90]!.status()).toEqual({ state: "admitted" });
      server.clock.advance(9);
      expect(await last.status()).toEqual({ state: "admitted" });
      expect((await last.enter()).statusCode).toBe(303);
    });

    it("hands a place one token: coming back gives the same one, and once it opened a cart the visitor joins at the end again", async () => {
      await clearLine();
      const v = visitor(app);
      const admitted = await v.enter();
      const token = v.tokenOf(admitted);
      expect(v.tokenOf(await v.enter())).toBe(token);
      expect((await newCart(token)).statusCode).toBe(201);
      // The cart is lost; the reused token is refused (the web app then goes to the queue address) ...
      const reused = await newCart(token);
      expect([reused.statusCode, reused.json().error.code]).toEqual([403, "queue.token.invalid"]);
      const before = v.ticket();
      for (let i = 0; i < 3; i++) await visitor(app).enter();
      // ... where the used place gives no token again: a new place at the end of the line.
      const back = await v.enter();
      expect(back.statusCode).toBe(200);
      expect(v.ticket()).toBeGreaterThan(before + 3);
    });

    it("shows every visitor one shared, publicly cacheable snapshot of the line: who is served, the newest ticket, the pace", async () => {
      await clearLine();
      for (let i = 0; i < 4; i++) await visitor(app).enter();
      const res = await app().inject({ method: "GET", url: "/queue/northern-nights/line" });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["cache-control"])).toMatch(/^public, max-age=\d+$/);
      expect(res.json().data).toMatchObject({ serving: 1, lastTicket: 4, admitPerMinute: ADMIT_PER_MINUTE });
      expect((await app().inject({ method: "GET", url: "/queue/lowlands-lights/line" })).statusCode).toBe(404);
    });

    it("sends a visitor with an expired token to the end of the line, and one with a forged place cookie too", async () => {
      await clearLine();
      const v = visitor(app);
      const token = v.tokenOf(await v.enter());
      server.clock.advance(SETTINGS.ttlSeconds + 1);
      const expired = await newCart(token);
      expect([expired.statusCode, expired.json().error.code]).toEqual([403, "queue.token.invalid"]);
      for (let i = 0; i < 3; i++) await visitor(app).enter();
      const before = v.ticket();
      expect((await v.enter()).statusCode).toBe(200);
      expect(v.ticket()).toBeGreaterThan(before + 3);
      // A place cookie made up (or another shop's) counts as none: the visitor joins at the end.
      const forged = await app().inject({ method: "GET", url: "/queue/northern-nights", headers: { cookie: `${placeCookieName("northern-nights")}=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x` } });
      expect(forged.statusCode).toBe(200);
      const forgedStatus = await app().inject({ method: "GET", url: "/queue/northern-nights/status", headers: { cookie: `${placeCookieName("northern-nights")}=nonsense` } });
      expect(forgedStatus.json().data).toEqual({ state: "not-in-line" });
      const forgedCart = await newCart("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x");
      expect([forgedCart.statusCode, forgedCart.json().error.code]).toEqual([403, "queue.token.invalid"]);
    });
  });

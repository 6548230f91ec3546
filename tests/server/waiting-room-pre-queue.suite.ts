import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { waitingRoomArrivals, waitingRoomIdentities, waitingRoomLines, waitingRoomRedemptions } from "../../server/db/schema.ts";
import { placeCookieName } from "../../server/http/waiting-room-routes.ts";
import type { QueueTokenSettings } from "../../server/queue/queue-tokens.ts";
import { chiSquareOfOrders, CHI_SQUARE_16_DF_AT_0_001 } from "../support/chi-square.ts";
import { seededRandomInt } from "../support/seeded-random.ts";
import { setShopSettings, suiteServer, type TestDatabase } from "./server-harness.ts";

const SLUG = "northern-nights-sale";
const SETTINGS: QueueTokenSettings = { secret: new TextEncoder().encode("pre-queue-secret-of-the-tests-0123456789abcd"), ttlSeconds: 600 };
/** Arrivals before the opening in the shuffle test. */
const ARRIVALS = 200;

/**
 * The seed of the pre-queue shuffle: fixed in CI (the same order every run), a fresh random one with
 * PRE_QUEUE_SHUFFLE_SEED=fresh (`npm run check:pre-queue-shuffle`), or the one given (to replay a printed run).
 */
const seedOfRun = (): string => {
  const asked = process.env["PRE_QUEUE_SHUFFLE_SEED"]?.trim();
  if (asked === "fresh") return randomBytes(16).toString("hex");
  return asked || "festival-shop-pre-queue-ci-seed";
};

/** A browser with its own place cookie and, when given, the account id token the web app keeps (previous-id-token). */
const browser = (app: () => FastifyInstance, idToken?: string) => {
  let place: string | undefined;
  const get = async (url: string) => {
    const cookies = [place ? `${placeCookieName(SLUG)}=${place}` : undefined, idToken ? `previous-id-token=${idToken}` : undefined].filter(Boolean);
    const res = await app().inject({ method: "GET", url, headers: { "accept-language": "en", ...(cookies.length ? { cookie: cookies.join("; ") } : {}) } });
    const set = res.cookies.find((c) => c.name === placeCookieName(SLUG));
    if (set) place = set.value;
    return res;
  };
  return {
    enter: () => get(`/queue/${SLUG}`),
    status: async () => (await get(`/queue/${SLUG}/status`)).json().data,
    /** The place its cookie holds: `{ticket}`, or `a{arrival}` in the pre-queue. */
    place: () => String(decodeJwt(place!).sub),
  };
};

/**
 * A fair start (spec §3 queueUrl): visitors before a sale's opening (saleOpensAt) wait in a pre-queue, put in one random
 * order at the opening, recorded, before later arrivals; in a login sale one account holds one place.
 */
export const preQueueSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`the pre-queue of a sale's opening on ${driver}`, () => {
    const seed = seedOfRun();
    const server = suiteServer(open, {
      queueTokens: SETTINGS,
      waitingRoom: { admitPerMinute: 60, redisUrl: false, joinsPerIpPerHour: 0, random: seededRandomInt(seed) },
      userTokens: async (token) => {
        if (!/^[a-z]+$/.test(token)) throw new Error("not an id token of the tests");
        return { issuer: "https://issuer.test", sub: token };
      },
    });
    const app = () => server.app;
    afterEach(async () => {
      const { db } = server.database;
      for (const table of [waitingRoomLines, waitingRoomRedemptions, waitingRoomArrivals, waitingRoomIdentities]) await db.delete(table);
      await setShopSettings(db, SLUG, { saleOpensAt: undefined, loginRequired: undefined });
    });
    const opensInAnHour = () => setShopSettings(server.database.db, SLUG, { saleOpensAt: new Date(server.clock.now().getTime() + 3_600_000).toISOString() });

    it("orders the arrivals before the opening at random, independent of arrival order (χ² over 200), ahead of later arrivals", async () => {
      await opensInAnHour();
      const early = Array.from({ length: ARRIVALS }, () => browser(app));
      for (const [n, visitor] of early.entries()) {
        const page = await visitor.enter();
        expect(page.statusCode).toBe(200);
        if (n === 0) expect(page.body).toContain("has not opened yet");
        expect(visitor.place()).toBe(`a${n + 1}`);
        expect(await visitor.status()).toMatchObject({ state: "pre-queue", opensAt: expect.any(String) });
      }

      server.clock.advance(3_601);
      for (const visitor of early) expect(["waiting", "admitted"]).toContain((await visitor.status()).state);
      const tickets = early.map((visitor) => Number(visitor.place()));
      expect([...tickets].sort((a, b) => a - b)).toEqual(Array.from({ length: ARRIVALS }, (_, i) => i + 1));
      const { statistic, degreesOfFreedom } = chiSquareOfOrders(
        early.map((_, arrival) => arrival),
        tickets.map((ticket) => ticket - 1),
        5,
      );
      console.log(`pre-queue shuffle: seed=${seed} arrivals=${ARRIVALS} chi_square=${statistic.toFixed(2)} df=${degreesOfFreedom} critical_0.001=${CHI_SQUARE_16_DF_AT_0_001}`);
      expect(statistic).toBeLessThan(CHI_SQUARE_16_DF_AT_0_001);

      // Recorded once: the arrivals' tickets in the database are the ones the visitors hold.
      const rows = await server.database.db.select().from(waitingRoomArrivals);
      expect(rows.every((row) => row.shuffledAt !== null)).toBe(true);
      expect(rows.sort((a, b) => a.arrival - b.arrival).map((row) => row.ticket)).toEqual(tickets);
      // Whoever comes after the opening queues behind the whole pre-queue, first in, first out.
      const late = [browser(app), browser(app)];
      for (const visitor of late) expect((await visitor.enter()).statusCode).toBe(200);
      expect(late.map((visitor) => visitor.place())).toEqual([`${ARRIVALS + 1}`, `${ARRIVALS + 2}`]);
    }, 120_000);

    it("gives one account one place in a login sale: a second browser of the account gets the first one's place", async () => {
      await setShopSettings(server.database.db, SLUG, { loginRequired: true });
      for (let i = 0; i < 3; i += 1) await browser(app).enter();
      const anna = browser(app, "anna");
      expect((await anna.enter()).statusCode).toBe(200);
      const annaElsewhere = browser(app, "anna");
      expect((await annaElsewhere.enter()).statusCode).toBe(200);
      expect(annaElsewhere.place()).toBe(anna.place());
      expect(await annaElsewhere.status()).toEqual(await anna.status());
      const bob = browser(app, "bob");
      await bob.enter();
      expect(Number(bob.place())).toBe(Number(anna.place()) + 1);
    });

    it("keeps one account's one place from the pre-queue into the line", async () => {
      await setShopSettings(server.database.db, SLUG, { loginRequired: true });
      await opensInAnHour();
      const anna = browser(app, "anna");
      await anna.enter();
      const others = [browser(app), browser(app, "bob")];
      for (const visitor of others) await visitor.enter();
      const annaElsewhere = browser(app, "anna");
      expect((await annaElsewhere.enter()).statusCode).toBe(200);
      expect(annaElsewhere.place()).toBe(anna.place());
      expect(anna.place()).toMatch(/^a\d+$/);

      server.clock.advance(3_601);
      await anna.status();
      await annaElsewhere.enter();
      expect(annaElsewhere.place()).toBe(anna.place());
      expect(anna.place()).toMatch(/^\d+$/);
      expect(await server.database.db.select().from(waitingRoomArrivals)).toHaveLength(3);
    });
  });

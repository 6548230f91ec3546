import type { FastifyInstance, HTTPMethods } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { buildServer, type BuildServerOptions } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { LOWLANDS_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { eq } from "drizzle-orm";
import { openDatabase, type OpenDatabase } from "../../server/db/database.ts";
import { shops } from "../../server/db/schema.ts";
import { forgetCachedShops } from "../../server/shop/shop-store.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";

/** Admin URL of the test PostgreSQL server (trust auth); each test file gets its own fresh database on it. */
export const TEST_POSTGRES_URL = process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";

/** A database for one test file plus how to throw it away. */
export interface TestDatabase extends OpenDatabase {
  dispose(): Promise<void>;
}

/** Opens an in-memory PGlite database, migrated. */
export const openPglite = async (): Promise<TestDatabase> => {
  const database = await openDatabase({ dataDir: "memory://" });
  return { ...database, dispose: () => database.close() };
};

/** Creates a fresh PostgreSQL database on TEST_POSTGRES_URL and opens it (rejects, failing the suite, when unreachable). */
export const openPostgres = async (): Promise<TestDatabase> => {
  const throwaway = await createThrowawayPostgres(TEST_POSTGRES_URL, "shop_test");
  const database = await openDatabase({ databaseUrl: throwaway.url });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
};

/** A controllable clock: `now()` for the server, `advance(seconds)` for tests. */
export const testClock = (start = new Date("2027-06-01T12:00:00Z")) => {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (seconds: number) => void (current += seconds * 1000) };
};

export { VALID_DETAILS } from "../support/checkout-details.ts";

/** Headers of a Lowlands Lights shop-scoped call. */
export const LL_HEADERS = {
  "x-event-namespace": "lowlands-lights-2027",
  authorization: `Bearer ${LOWLANDS_TOKEN}`,
} as const;

/** The waiting room of test servers: on the test database, admitting so fast that nobody waits (queueTokenFrom); waiting-room.suite.ts sets its own. */
export const INSTANT_WAITING_ROOM = { admitPerMinute: 6_000_000, redisUrl: false } as const;

/**
 * Reseeds the demo catalogue and builds a server over `database` (sweep off, clock injected, INSTANT_WAITING_ROOM;
 * injected calls all come from one address, so holds count per address only where a suite asks: holdCapPerAddress).
 */
export const freshServer = async (
  database: TestDatabase,
  clock: () => Date,
  extra: Partial<BuildServerOptions> = {},
): Promise<FastifyInstance> => {
  await resetDemoCatalogue(database.db);
  return buildServer({ db: database.db, clock, sweepIntervalMs: 0, allowedRedirectOrigins: ["https://shop.example.com"], waitingRoom: INSTANT_WAITING_ROOM, holdCapPerAddress: false, ...extra });
};

/** Injects a request into `app` with `payload` as the JSON body (none when undefined) and Lowlands Lights' shop headers unless `headers` are given. */
export const injectJson = (app: FastifyInstance, method: HTTPMethods, url: string, payload?: unknown, headers: Record<string, string> = LL_HEADERS) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** What suiteServer hands a suite: the database of the suite, the server and clock of the running test (a test may replace `app`), and `call`, injectJson on that server. */
export interface SuiteServer {
  database: TestDatabase;
  app: FastifyInstance;
  clock: ReturnType<typeof testClock>;
  readonly call: (method: HTTPMethods, url: string, payload?: unknown, headers?: Record<string, string>) => ReturnType<typeof injectJson>;
}

/**
 * Registers a behaviour suite's lifecycle (call it inside `describe`): `open()` once for the suite and dispose at its
 * end; before each test a fresh clock and freshServer(…, `extra`), closed after the test.
 */
export const suiteServer = (open: () => Promise<TestDatabase>, extra: Partial<BuildServerOptions> = {}): SuiteServer => {
  const server = { call: (method, url, payload, headers) => injectJson(server.app, method, url, payload, headers) } as SuiteServer;
  beforeAll(async () => {
    server.database = await open();
  });
  afterAll(async () => {
    await server.database?.dispose();
  });
  beforeEach(async () => {
    server.clock = testClock();
    server.app = await freshServer(server.database, server.clock.now, extra);
  });
  afterEach(async () => {
    await server.app.close();
  });
  return server;
};

/**
 * A payment queue token for the shop `slug` (default northern-nights, the demo shop with a queue) as a new visitor
 * gets one from the waiting room GET /queue/{slug} of a server whose line admits at once (INSTANT_WAITING_ROOM): its
 * 303 sends them back to `/{slug}?paymentQueueToken=…`.
 */
export const queueTokenFrom = async (app: FastifyInstance, slug = "northern-nights"): Promise<string> => {
  const res = await app.inject({ method: "GET", url: `/queue/${slug}` });
  if (res.statusCode !== 303) throw new Error(`GET /queue/${slug} answered ${res.statusCode}: ${res.body}`);
  const token = new URL(String(res.headers.location), "http://shop.invalid").searchParams.get("paymentQueueToken");
  if (!token) throw new Error(`GET /queue/${slug} sent no token: ${String(res.headers.location)}`);
  return token;
};

/** Sets fields of a shop's stored config (undefined deletes one), as an operator does, and drops the cached shops. */
export const setShopSettings = async (db: TestDatabase["db"], slug: string, settings: Readonly<Record<string, unknown>>): Promise<void> => {
  const [row] = await db.select().from(shops).where(eq(shops.slug, slug));
  const config: Record<string, unknown> = { ...(row!.config as Record<string, unknown>) };
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) delete config[key];
    else config[key] = value;
  }
  await db.update(shops).set({ config }).where(eq(shops.slug, slug));
  forgetCachedShops(db);
};

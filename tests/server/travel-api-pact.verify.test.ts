import { Verifier } from "@pact-foundation/pact";
import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { travelApiStates } from "./pact-states/hotel.states.ts";
import { fetchStateKit, type StateHandlers } from "./pact-states/state-kit.ts";

const PACT_FILE = path.resolve("contracts/festival-shop-web-travel-api.json");

let database: OpenDatabase;
let app: FastifyInstance;
let baseUrl: string;
let stateHandlers: StateHandlers = {};

describe("server/ honours the Travel API contract", () => {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    app = await buildServer({ db: database.db, sweepIntervalMs: 0, rateLimit: false });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    await resetDemoCatalogue(database.db);
    stateHandlers = travelApiStates(fetchStateKit(baseUrl));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has a state handler for every provider state the contract names", () => {
    const pact = JSON.parse(readFileSync(PACT_FILE, "utf8")) as { interactions: Array<{ providerStates?: Array<{ name: string }> }> };
    const states = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    expect(states.size).toBeGreaterThan(0);
    expect([...states].filter((s) => !(s in stateHandlers))).toEqual([]);
  });

  it("verifies every interaction of the Travel API pact with Pact's Verifier (the reference server mounts it under /travel-api)", async () => {
    await new Verifier({
      provider: "travel-api",
      providerBaseUrl: baseUrl,
      pactUrls: [PACT_FILE],
      // The Travel API is its own host in production; the reference server serves it under /travel-api. Pact's own
      // state-change calls (/_pact…) go to the proxy itself and stay as they are.
      requestFilter: (req: { url: string }, _res: unknown, next: () => void) => {
        if (!req.url.startsWith("/_pact")) req.url = `/travel-api${req.url}`;
        next();
      },
      stateHandlers: Object.fromEntries(Object.entries(stateHandlers).map(([name, handler]) => [name, async (params?: unknown) => (await handler(params)) ?? undefined])),
      logLevel: "warn",
    }).verifyProvider();
  });
});

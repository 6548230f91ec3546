import { Verifier } from "@pact-foundation/pact";
import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { stateHandlersFor } from "./pact-states/registry.ts";
import { fetchStateKit, type StateHandlers } from "./pact-states/state-kit.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";

const PACT_FILE = path.resolve("contracts/festival-shop-web-shop-api-v2.json");
const RETURN_ORIGIN = "http://localhost:3000";

let database: OpenDatabase;
let app: FastifyInstance;
let baseUrl: string;
let stateHandlers: StateHandlers = {};

describe("server/ honours the Shop API v2 contract", () => {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    app = await buildServer({ db: database.db, allowedRedirectOrigins: [RETURN_ORIGIN], sweepIntervalMs: 0, rateLimit: false });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    await resetDemoCatalogue(database.db);
    const kit = fetchStateKit(baseUrl);
    stateHandlers = stateHandlersFor("shop-api-v2", kit);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has a state handler for every provider state the contracts name", () => {
    const pact = JSON.parse(readFileSync(PACT_FILE, "utf8")) as { interactions: Array<{ providerStates?: Array<{ name: string }> }> };
    const states = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    expect(states.size).toBeGreaterThan(0);
    expect([...states].filter((s) => !(s in stateHandlers))).toEqual([]);
  });

  it("verifies every interaction of contracts/ with Pact's Verifier", async () => {
    await new Verifier({
      provider: "shop-api-v2",
      providerBaseUrl: baseUrl,
      pactUrls: [PACT_FILE],
      stateHandlers: Object.fromEntries(Object.entries(stateHandlers).map(([name, handler]) => [name, async (params?: unknown) => (await handler(params)) ?? undefined])),
      logLevel: "warn",
    }).verifyProvider();
  });
});

import { Verifier } from "@pact-foundation/pact";
import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { NOTICE_ADMIN_TOKEN_ENV, NOTICE_PROVIDER, WEB_HOST_PROVIDER } from "../support/site-contract-examples.ts";
import { siteStates } from "./pact-states/site.states.ts";
import { fetchStateKit, type StateHandlers } from "./pact-states/state-kit.ts";

const CONTRACTS = [
  { provider: NOTICE_PROVIDER, file: path.resolve("contracts/festival-shop-web-shop-notice.json") },
  { provider: WEB_HOST_PROVIDER, file: path.resolve("contracts/festival-shop-web-shop-web-host.json") },
];

let database: OpenDatabase;
let app: FastifyInstance;
let baseUrl: string;
let stateHandlers: StateHandlers = {};
const previousToken = process.env[NOTICE_ADMIN_TOKEN_ENV];

describe("server/ honours the notice and web-host contracts (spec §7 Other calls)", () => {
  beforeAll(async () => {
    // The notice is changed over HTTP only (PUT /api/notice), so the same states run against any deployed host.
    process.env[NOTICE_ADMIN_TOKEN_ENV] ??= "notice-admin-token-for-tests";
    database = await openDatabase({ dataDir: "memory://" });
    app = await buildServer({ db: database.db, sweepIntervalMs: 0, rateLimit: false });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    stateHandlers = siteStates(fetchStateKit(baseUrl));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (previousToken === undefined) delete process.env[NOTICE_ADMIN_TOKEN_ENV];
  });

  it.each(CONTRACTS)("has a state handler for every provider state $provider names", ({ file }) => {
    const pact = JSON.parse(readFileSync(file, "utf8")) as { interactions: Array<{ providerStates?: Array<{ name: string }> }> };
    expect(pact.interactions.length).toBeGreaterThan(0);
    const states = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    expect([...states].filter((s) => !(s in stateHandlers))).toEqual([]);
  });

  it.each(CONTRACTS)("verifies every interaction of $provider with Pact's Verifier", async ({ provider, file }) => {
    await new Verifier({
      provider,
      providerBaseUrl: baseUrl,
      pactUrls: [file],
      stateHandlers: Object.fromEntries(Object.entries(stateHandlers).map(([name, handler]) => [name, async (params?: unknown) => (await handler(params)) ?? undefined])),
      logLevel: "warn",
    }).verifyProvider();
  });
});

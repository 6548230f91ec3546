import type { FastifyInstance } from "fastify";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { providerUrlOf, readPact, stateSetupUrlOf, verifyContract } from "./pact-states/verify-contract.ts";
import { testIdentityIssuer } from "../support/test-identity-issuer.ts";

const PACT_FILES = readdirSync("contracts").filter((f) => f.endsWith(".json")).map((f) => path.resolve("contracts", f));

let database: OpenDatabase;
let app: FastifyInstance;
let baseUrl: string;
const previousToken = process.env["NOTICE_ADMIN_TOKEN"];

describe("server/ honours every contract of contracts/ (states set up through POST /_pact/provider-states)", () => {
  beforeAll(async () => {
    // The notice states change the notice over PUT /api/notice, which exists only with a token.
    process.env["NOTICE_ADMIN_TOKEN"] ??= "notice-admin-token-for-tests";
    database = await openDatabase({ dataDir: "memory://" });
    await resetDemoCatalogue(database.db);
    // The return address the states answer is the provider's first allowed origin, whatever it is.
    // The state endpoint exists only where contract verification asks for it (PACT_PROVIDER_STATES=enabled in a start).
    // Identity tokens (x-user-token) come from a test issuer the server trusts; the states mint them for their accounts.
    const issuer = await testIdentityIssuer();
    app = await buildServer({
      db: database.db,
      sweepIntervalMs: 0,
      rateLimit: false,
      allowedRedirectOrigins: ["https://shop.example.org"],
      providerStates: true,
      userTokens: issuer.verifier,
      providerStateUserTokens: (account) => issuer.mint(account, { issuedAt: new Date() }),
    });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (previousToken === undefined) delete process.env["NOTICE_ADMIN_TOKEN"];
  });

  it("finds the four pact files", () => {
    expect(PACT_FILES.map((f) => readPact(f).provider.name).sort()).toEqual(["shop-api-v2", "shop-notice", "shop-web-host", "travel-api"]);
  });

  it.each(PACT_FILES.map((file) => ({ file, name: path.basename(file) })))("verifies every interaction of $name with Pact's Verifier", async ({ file }) => {
    await verifyContract(file, providerUrlOf(baseUrl, readPact(file).provider.name), stateSetupUrlOf(baseUrl));
  });
});

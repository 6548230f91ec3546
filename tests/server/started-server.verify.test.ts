import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import Redis from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { readPact } from "./pact-states/verify-contract.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";

/** The shared test Redis; this file's keys live under a prefix of its own. */
const TEST_REDIS_URL = process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";

/** Every interaction of contracts/, the number the documented command must pass. */
const INTERACTIONS = readdirSync("contracts")
  .filter((f) => f.endsWith(".json"))
  .reduce((sum, f) => sum + readPact(path.join("contracts", f)).interactions.length, 0);

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 120_000);

/** A server as docs/contracts.md starts it (server/main.ts with PACT_PROVIDER_STATES=enabled and its own defaults) on a free port, plus `env`. */
const startAsDocumented = async (env: Record<string, string>): Promise<ServerProcess> => {
  const server = await startServerProcess(await freePort(), { PACT_PROVIDER_STATES: "enabled", DATABASE_URL: "", REDIS_URL: "", OIDC_ISSUER: "", IDENTITY_PROVIDER: "", ...env });
  cleanups.push(() => server.stop());
  return server;
};

/** Runs the documented `npm run contracts:verify -- --provider-base-url URL`; resolves to its exit code and output. */
const contractsVerify = (baseUrl: string): Promise<{ code: number; output: string }> =>
  new Promise((resolve) => {
    execFile("npm", ["run", "contracts:verify", "--", "--provider-base-url", baseUrl], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });

/** The summary line of contracts:verify and its FAIL lines (with their reasons), for a readable failure. */
const outcomeOf = (output: string): string =>
  output
    .split("\n")
    .filter((line, index, lines) => line.startsWith("contracts:verify:") || line.startsWith("  FAIL  ") || lines[index - 1]?.startsWith("  FAIL  "))
    .join("\n");

describe("npm run contracts:verify against a server started with PACT_PROVIDER_STATES=enabled", () => {
  it("passes every interaction on PGlite, the states minting their x-user-tokens with the development identity provider", async () => {
    const server = await startAsDocumented({ DATA_DIR: "memory://" });
    const baseUrl = server.origin.replace("127.0.0.1", "localhost");
    const { code, output } = await contractsVerify(baseUrl);
    expect(outcomeOf(output)).toBe(`contracts:verify: 4 pact files, ${INTERACTIONS} interactions passed, 0 failed against ${baseUrl} (states: ${baseUrl}/_pact/provider-states)`);
    expect(code).toBe(0);
  }, 300_000);

  it("passes every interaction with two workers on PostgreSQL, a token minted by one verified by the other", async () => {
    const database = await createThrowawayPostgres(TEST_POSTGRES_URL, "shop_contracts");
    cleanups.push(() => database.drop());
    const prefix = `festival-shop-test-${randomBytes(6).toString("hex")}:`;
    cleanups.push(async () => {
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    const server = await startAsDocumented({ DATABASE_URL: database.url, WORKERS: "2", REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    const { code, output } = await contractsVerify(server.origin);
    expect(outcomeOf(output)).toBe(`contracts:verify: 4 pact files, ${INTERACTIONS} interactions passed, 0 failed against ${server.origin} (states: ${server.origin}/_pact/provider-states)`);
    expect(code).toBe(0);
  }, 300_000);
});

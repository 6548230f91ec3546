import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NORTHERN_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";
import { processFleet, type ServerProcess } from "./server-process.ts";

const SECRET = "two-processes-share-this-queue-secret-0123456789";
const NN_HEADERS = { "content-type": "application/json", "x-event-namespace": "northern-nights-2027", authorization: `Bearer ${NORTHERN_TOKEN}` };
/** Settings every started process gets: a notice token and queue secret of its own, so nothing is written to .data/. */
const BASE_ENV = { NOTICE_ADMIN_TOKEN: "notice-token-of-the-process-tests", QUEUE_TOKEN_SECRET: SECRET };

const fleet = processFleet(BASE_ENV, TEST_POSTGRES_URL);
const start = fleet.start;
const throwawayPostgres = () => fleet.postgres("shop_procs");
const pgliteDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-process-"));
  fleet.onRelease(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

afterAll(() => fleet.release(), 120_000);

/** A token from `server`'s waiting room, which admits a new visitor of a short line at once (its 303 back to the shop carries it). */
const queueToken = async (server: ServerProcess): Promise<string> => {
  const res = await fetch(`${server.baseUrl}/queue/northern-nights`, { redirect: "manual" });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!, server.baseUrl).searchParams.get("paymentQueueToken")!;
};
const newCart = (server: ServerProcess, paymentQueueToken: string) =>
  fetch(`${server.baseUrl}/api/v2/carts`, { method: "POST", headers: NN_HEADERS, body: JSON.stringify({ paymentQueueToken }) });

describe("server/main.ts as real processes", () => {
  it("takes a queue token issued by one process once in another on the same PostgreSQL, then refuses it on both", async () => {
    const databaseUrl = await throwawayPostgres();
    // One after the other: the first migrates and seeds, the second finds the database ready.
    const first = await start({ DATABASE_URL: databaseUrl });
    const second = await start({ DATABASE_URL: databaseUrl });
    const token = await queueToken(first);
    const opened = await newCart(second, token);
    expect(opened.status).toBe(201);
    for (const server of [first, second]) {
      const again = await newCart(server, token);
      expect(again.status).toBe(403);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe("queue.token.invalid");
    }
    // Sent to both at once, a fresh token still opens exactly one cart.
    const fresh = await queueToken(second);
    const answers = await Promise.all([newCart(first, fresh), newCart(second, fresh), newCart(first, fresh), newCart(second, fresh)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403]);
  }, 480_000);

  const production = { NODE_ENV: "production", TEST_PAYMENTS: "enabled", RATE_LIMIT_PER_MINUTE: "100000" };
  for (const driver of ["PGlite", "PostgreSQL"] as const) {
    it(`seeds no demo catalogue with NODE_ENV=production on ${driver} (no published shop tokens), and has no provider-state endpoint`, async () => {
      const storage = driver === "PGlite" ? { DATA_DIR: pgliteDir() } : { DATABASE_URL: await throwawayPostgres() };
      const server = await start({ ...production, ...storage, PUBLIC_ORIGIN: "http://127.0.0.1" });
      const shops = (await (await fetch(`${server.baseUrl}/api/v2/shops`)).json()) as { data: unknown[] };
      expect(shops.data).toEqual([]);
      const states = await fetch(`${server.baseUrl}/_pact/provider-states`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ state: "a previous order", params: { reference: "123456789" } }) });
      expect(states.status).toBe(404);
      expect(server.output()).toContain("demo catalogue is not seeded");
      await server.stop();
    }, 360_000);
  }
});

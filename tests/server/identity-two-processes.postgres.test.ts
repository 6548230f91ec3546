import { calculateJwkThumbprint, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../../server/catalogue/seed.ts";
import { openDatabase } from "../../server/db/database.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { authorize, callbackOf, logIn, oidcBrowser, redeem } from "./oidc-browser.ts";
import { LL_HEADERS, TEST_POSTGRES_URL } from "./server-harness.ts";

/**
 * Two real server processes (`node --import tsx server/main.ts`) on one PostgreSQL database behind one public origin,
 * as behind a load balancer: the development identity provider's keys and sessions are the same in both (spec §6).
 */
describe("the identity provider across two server processes on one PostgreSQL", () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let publicOrigin: string;

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(TEST_POSTGRES_URL, "shop_two_processes");
    // Migrated and seeded once beforehand; the two processes then start together (and create the keys together).
    const database = await openDatabase({ databaseUrl: throwaway.url });
    await seedDemoCatalogue(database.db);
    await database.close();
    const [portA, portB] = [await freePort(), await freePort()];
    publicOrigin = `http://localhost:${portA}`;
    const env = { DATABASE_URL: throwaway.url, PUBLIC_ORIGIN: publicOrigin, NOTICE_ADMIN_TOKEN: "two-processes-notice-token", IDENTITY_PROVIDER: "on" };
    const started = await Promise.allSettled([startServerProcess(portA, env), startServerProcess(portB, env)]);
    for (const result of started) if (result.status === "fulfilled") (first ? (second = result.value) : (first = result.value));
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }, 180_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await throwaway?.drop();
  }, 60_000);

  it("both publish the same JWKS: one key, its thumbprint as kid", async () => {
    const [a, b] = (await Promise.all([first, second].map(async (server) => (await (await fetch(`${server.origin}/oidc/jwks`)).json()) as { keys: JWK[] }))) as [{ keys: JWK[] }, { keys: JWK[] }];
    expect(a).toEqual(b);
    expect(a.keys).toHaveLength(1);
    expect(a.keys[0]!.kid).toBe(await calculateJwkThumbprint(a.keys[0]!));
  });

  it("a login made on the first is a valid session on the second, and a token of either is accepted by the other's Shop API and account API", async () => {
    const onFirst = oidcBrowser(first.origin);
    const tokens = await logIn(onFirst, "anna@example.com", { publicOrigin });

    // The second process knows the session: a silent authorization answers a code, redeemed there.
    const onSecond = onFirst.on(second.origin);
    const silent = await authorize(onSecond, { publicOrigin, prompt: "none" });
    const callback = await callbackOf(onSecond, silent.response);
    expect(callback.get("error")).toBeNull();
    const redeemed = await redeem(onSecond, callback.get("code")!, silent.verifier, silent.redirectUri);
    expect(redeemed.status).toBe(200);
    const fromSecond = (await redeemed.json()) as { id_token: string; access_token: string };

    for (const [issuedBy, verifiedBy] of [
      [tokens, second],
      [fromSecond, first],
    ] as const) {
      const shop = await fetch(`${verifiedBy.origin}/api/v2/shop`, { headers: { ...LL_HEADERS, "x-user-token": issuedBy.id_token } });
      expect(shop.status).toBe(200);
      const membership = await fetch(`${verifiedBy.origin}/oidc/api/account/membership`, { headers: { authorization: `Bearer ${issuedBy.access_token}` } });
      expect(membership.status).toBe(200);
      expect(await membership.json()).toEqual({ data: { status: 1, level: "gold" } });
    }
  });
});

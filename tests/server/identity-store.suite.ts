import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calculateJwkThumbprint } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, freshServer } from "./server-harness.ts";
import { authorize, callbackOf, logIn, oidcBrowser, originOf } from "./oidc-browser.ts";
import { identityProviderState } from "../../server/db/schema.ts";
import { loadProviderKeys, publicSigningKeys } from "../../server/identity/provider-keys.ts";
import { drizzleProviderAdapter, sweepExpiredProviderState } from "../../server/identity/provider-state-store.ts";
import type { BuildServerOptions } from "../../server/app.ts";

/**
 * The development identity provider's state, keys and login throttle in the database (spec §6): oidc-provider's
 * adapter, keys shared by every process, and sessions that no crowd of anonymous visitors evicts, run against one
 * database driver (the login form's throttle: login-throttle.suite.ts).
 */
export const identityStoreSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`identity provider state on ${driver}`, () => {
    let database: TestDatabase;
    const servers: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await open();
    });
    afterEach(async () => {
      await Promise.all(servers.splice(0).map((app) => app.close()));
    });
    afterAll(async () => {
      await database.dispose();
    });

    /** A server over the suite's database, listening; answers its origin. The provider signs in real time, so the Shop API verifies in real time. */
    const listening = async (extra: Partial<BuildServerOptions> = {}) => {
      const app = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true, ...extra });
      servers.push(app);
      await app.listen({ port: 0, host: "127.0.0.1" });
      return originOf(app.server.address());
    };

    describe("oidc-provider's adapter over identity_provider_state", () => {
      let now = new Date("2027-06-01T12:00:00Z");
      const adapter = (model: string) => drizzleProviderAdapter(database.db, () => now)(model);

      it("keeps a session for its TTL, finds it by id and by uid, and forgets it once expired; the sweep deletes it", async () => {
        now = new Date("2027-06-01T12:00:00Z");
        const sessions = adapter("Session");
        await sessions.upsert("session-1", { jti: "session-1", uid: "uid-1", kind: "Session", accountId: "acc-anna" }, 60);
        expect(await sessions.find("session-1")).toMatchObject({ uid: "uid-1", accountId: "acc-anna" });
        expect(await sessions.findByUid("uid-1")).toMatchObject({ jti: "session-1" });
        // Another model does not see it.
        expect(await adapter("Interaction").find("session-1")).toBeUndefined();
        now = new Date("2027-06-01T12:01:01Z");
        expect(await sessions.find("session-1")).toBeUndefined();
        expect(await sessions.findByUid("uid-1")).toBeUndefined();
        expect(await sweepExpiredProviderState(database.db, now)).toBeGreaterThanOrEqual(1);
        expect(await database.db.select().from(identityProviderState).where(eq(identityProviderState.id, "session-1"))).toEqual([]);
      });

      it("an upsert replaces the payload and the expiry", async () => {
        now = new Date("2027-06-01T12:00:00Z");
        const sessions = adapter("Session");
        await sessions.upsert("session-2", { jti: "session-2", uid: "uid-2", kind: "Session" }, 10);
        await sessions.upsert("session-2", { jti: "session-2", uid: "uid-2b", kind: "Session", accountId: "acc-sam" }, 3600);
        now = new Date("2027-06-01T12:00:30Z");
        expect(await sessions.find("session-2")).toMatchObject({ accountId: "acc-sam" });
        expect(await sessions.findByUid("uid-2")).toBeUndefined();
        expect(await sessions.findByUid("uid-2b")).toMatchObject({ jti: "session-2" });
      });

      it("consumes a code once: a second consume fails with invalid_grant and revokes what the grant issued", async () => {
        now = new Date("2027-06-01T12:00:00Z");
        const codes = adapter("AuthorizationCode");
        const tokens = adapter("AccessToken");
        await codes.upsert("code-1", { jti: "code-1", kind: "AuthorizationCode", grantId: "grant-1" }, 60);
        await tokens.upsert("token-1", { jti: "token-1", kind: "AccessToken", grantId: "grant-1" }, 3600);
        await codes.consume("code-1");
        expect(await codes.find("code-1")).toMatchObject({ consumed: Math.floor(now.getTime() / 1000) });
        await expect(codes.consume("code-1")).rejects.toMatchObject({ error: "invalid_grant" });
        expect(await tokens.find("token-1")).toBeUndefined();
      });

      it("revokes by grant id the rows of its own model only", async () => {
        now = new Date("2027-06-01T12:00:00Z");
        const tokens = adapter("AccessToken");
        const codes = adapter("AuthorizationCode");
        await tokens.upsert("token-2", { jti: "token-2", kind: "AccessToken", grantId: "grant-2" }, 3600);
        await tokens.upsert("token-3", { jti: "token-3", kind: "AccessToken", grantId: "grant-3" }, 3600);
        await codes.upsert("code-2", { jti: "code-2", kind: "AuthorizationCode", grantId: "grant-2" }, 60);
        await tokens.revokeByGrantId("grant-2");
        expect(await tokens.find("token-2")).toBeUndefined();
        expect(await tokens.find("token-3")).toMatchObject({ grantId: "grant-3" });
        expect(await codes.find("code-2")).toMatchObject({ grantId: "grant-2" });
        await codes.destroy("code-2");
        expect(await codes.find("code-2")).toBeUndefined();
      });
    });

    describe("keys shared by every process", () => {
      it("creates the signing and cookie keys once, even when processes start together, with the key's thumbprint as its kid", async () => {
        const loaded = await Promise.all(Array.from({ length: 6 }, () => loadProviderKeys(database.db, {})));
        const first = loaded[0]!;
        for (const keys of loaded) expect(keys).toEqual(first);
        expect(first.signing).toHaveLength(1);
        const [publicKey] = publicSigningKeys(first).keys;
        expect(publicKey!.kid).toBe(await calculateJwkThumbprint(publicKey!));
        expect(publicKey).not.toHaveProperty("d");
        expect(first.cookieKeys[0]!.length).toBeGreaterThanOrEqual(32);
      });

      it("takes the keys from IDENTITY_PROVIDER_JWKS and IDENTITY_PROVIDER_COOKIE_KEYS when set, and refuses malformed ones", async () => {
        const stored = await loadProviderKeys(database.db, {});
        const jwks = JSON.stringify({ keys: [{ ...stored.signing[0], kid: "configured-1" }] });
        const cookieKeys = "a".repeat(32) + ",b".padEnd(34, "b");
        const configured = await loadProviderKeys(database.db, { IDENTITY_PROVIDER_JWKS: jwks, IDENTITY_PROVIDER_COOKIE_KEYS: cookieKeys });
        expect(configured.signing.map((k) => k.kid)).toEqual(["configured-1"]);
        expect(configured.cookieKeys).toEqual(["a".repeat(32), "b".repeat(33)]);
        await expect(loadProviderKeys(database.db, { IDENTITY_PROVIDER_JWKS: "{" })).rejects.toThrow(/JSON Web Key Set/);
        const publicOnly = JSON.stringify(publicSigningKeys(stored));
        await expect(loadProviderKeys(database.db, { IDENTITY_PROVIDER_JWKS: publicOnly })).rejects.toThrow(/private/);
        await expect(loadProviderKeys(database.db, { IDENTITY_PROVIDER_COOKIE_KEYS: "short" })).rejects.toThrow(/32 characters/);
      });
    });

    describe("sessions in the database", () => {
      // oidc-provider's own store keeps 1,000 entries in two generations: 2,100 anonymous visits evicted every session.
      it("keeps a logged-in session through 2,100 anonymous authorization requests (no eviction)", { timeout: 300_000 }, async () => {
        const origin = await listening();
        const visitor = oidcBrowser(origin);
        await logIn(visitor, "anna@example.com");
        for (let batch = 0; batch < 70; batch += 1) {
          const anonymous = await Promise.all(Array.from({ length: 30 }, () => authorize(oidcBrowser(origin))));
          for (const { response } of anonymous) expect(response.status).toBe(303);
        }
        const silent = await authorize(visitor, { prompt: "none" });
        const callback = await callbackOf(visitor, silent.response);
        expect(callback.get("error")).toBeNull();
        expect(callback.get("code")).toEqual(expect.any(String));
      });
    });
  });

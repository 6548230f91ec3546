import type { FastifyInstance } from "fastify";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { SHOP_CLIENT_ID } from "../../server/identity/identity-provider.ts";
import { shopHeaders } from "../support/server-builders.ts";
import { testIdentityIssuer } from "../support/test-identity-issuer.ts";
import { openPglite, testClock, type TestDatabase } from "./server-harness.ts";

/** The origin the state calls and the interactions come in on (the Host header), as a verifier at that base URL sends them. */
const HOST = "shop.example.test:3921";
const ORIGIN = `http://${HOST}`;

let database: TestDatabase;
const clock = testClock();
const started: FastifyInstance[] = [];

/** A server with the provider states on (and the development identity provider on, as outside production by default). */
const serverWith = async (options: Partial<Parameters<typeof buildServer>[0]> = {}): Promise<FastifyInstance> => {
  const app = await buildServer({ db: database.db, clock: clock.now, sweepIntervalMs: 0, rateLimit: false, providerStates: true, identityProvider: true, ...options });
  started.push(app);
  return app;
};
const setUp = (app: FastifyInstance, state: string, params: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/_pact/provider-states", headers: { host: HOST }, payload: { state, params } });

beforeAll(async () => {
  database = await openPglite();
  await resetDemoCatalogue(database.db);
});
afterAll(async () => {
  for (const app of started) await app.close();
  await database.dispose();
});

describe("x-user-tokens of the provider states", () => {
  it("are id tokens of the development identity provider, verified by its published JWKS and accepted by the Shop API", async () => {
    const app = await serverWith();
    const state = await setUp(app, "an identity token of an account", { account: "acc-anna" });
    expect(state.statusCode).toBe(200);
    const { userToken, account } = state.json() as { userToken: string; account: string };
    expect(account).toBe("acc-anna");

    const jwks = (await app.inject({ method: "GET", url: "/oidc/jwks", headers: { host: HOST } })).json() as JSONWebKeySet;
    const { payload } = await jwtVerify(userToken, createLocalJWKSet(jwks), { issuer: `${ORIGIN}/oidc`, audience: SHOP_CLIENT_ID, currentDate: clock.now() });
    expect(payload).toMatchObject({ sub: "acc-anna", email: "anna@example.com" });

    const cart = await app.inject({ method: "POST", url: "/api/v2/carts", headers: shopHeaders(undefined, { host: HOST, "x-user-token": userToken }), payload: {} });
    expect(cart.statusCode).toBeLessThan(300);
  });

  it("make a cart of the account that the interaction's own calls, with the answered token, may change", async () => {
    const app = await serverWith();
    const state = await setUp(app, "a cart", { account: "acc-sam", products: { ll_ticket_weekend: 1 } });
    expect(state.statusCode).toBe(200);
    const { cartId, userToken } = state.json() as { cartId: string; userToken: string };
    const put = await app.inject({
      method: "PUT",
      url: `/api/v2/carts/${cartId}/products`,
      headers: shopHeaders(undefined, { host: HOST, "x-user-token": userToken }),
      payload: { productId: "ll_ticket_weekend", quantity: 2 },
    });
    expect(put.statusCode).toBe(200);
  });

  it("come from the minter the server is given when it trusts another issuer", async () => {
    const issuer = await testIdentityIssuer();
    const app = await serverWith({ userTokens: issuer.verifier, providerStateUserTokens: (account) => issuer.mint(account, { issuedAt: clock.now() }) });
    const state = await setUp(app, "an identity token of an account", { account: "acc-lucia" });
    expect(state.statusCode).toBe(200);
    const { userToken } = state.json() as { userToken: string };
    await expect(issuer.verifier(userToken, ORIGIN, clock.now())).resolves.toMatchObject({ sub: "acc-lucia" });
  });

  it("are refused as provider.state.failed, naming the documentation, when the server trusts an issuer it cannot mint for", async () => {
    const issuer = await testIdentityIssuer();
    const app = await serverWith({ userTokens: issuer.verifier });
    const state = await setUp(app, "a cart", { account: "acc-anna" });
    expect(state.statusCode).toBe(409);
    expect(state.json()).toMatchObject({ error: { code: "provider.state.failed", message: expect.stringContaining("docs/provider-states.md") } });
  });

  it("are refused the same way without the development identity provider", async () => {
    const app = await serverWith({ identityProvider: false });
    const state = await setUp(app, "an identity token of an account", { account: "acc-anna" });
    expect(state.statusCode).toBe(409);
    expect(state.json()).toMatchObject({ error: { code: "provider.state.failed" } });
  });
});

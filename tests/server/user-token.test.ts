import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshServer, LL_HEADERS, openPglite, testClock, type TestDatabase } from "./server-harness.ts";
import { testIdentityIssuer, type TestIdentityIssuer } from "../support/test-identity-issuer.ts";

const unsigned = (sub: string) =>
  `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(JSON.stringify({ sub, iss: "https://id.example.test", aud: "festival-shop", exp: 2e9 })).toString("base64url")}.`;

describe("x-user-token is verified as an id token of the trusted issuer on every Shop API call (spec §6)", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let issuer: TestIdentityIssuer;
  const clock = testClock();

  beforeAll(async () => {
    database = await openPglite();
    issuer = await testIdentityIssuer();
    app = await freshServer(database, clock.now, { rateLimit: false, userTokens: issuer.verifier });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const getShop = (token: string | undefined) =>
    app.inject({ method: "GET", url: "/api/v2/shop", headers: { ...LL_HEADERS, ...(token === undefined ? {} : { "x-user-token": token }) } });

  it("answers an anonymous call and a call with a valid token", async () => {
    expect((await getShop(undefined)).statusCode).toBe(200);
    expect((await getShop(await issuer.mint("acc-anna"))).statusCode).toBe(200);
  });

  it.each([
    ["expired", { expiresAt: new Date("2027-06-01T11:59:00Z"), issuedAt: new Date("2027-06-01T10:00:00Z") }],
    ["signed with an unpublished key", { foreignKey: true }],
    ["from another issuer", { issuer: "https://evil.example" }],
    ["for another client", { audience: "someone-else" }],
  ] as const)("answers 401 user.token.invalid for a token %s", async (_what, options) => {
    const response = await getShop(await issuer.mint("acc-anna", options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "user.token.invalid", message: expect.any(String) } });
  });

  it("answers 401 for an unsigned (alg none) token and for garbage, on reads and writes alike", async () => {
    expect((await getShop(unsigned("acc-anna"))).statusCode).toBe(401);
    expect((await getShop("not-a-jwt")).statusCode).toBe(401);
    const created = await app.inject({ method: "POST", url: "/api/v2/carts", headers: { ...LL_HEADERS, "x-user-token": "not-a-jwt" }, payload: {} });
    expect(created.statusCode).toBe(401);
    expect(created.json().error.code).toBe("user.token.invalid");
  });

  it("answers 401 for any token when no issuer is trusted", async () => {
    const closed = await freshServer(database, clock.now, { rateLimit: false, userTokens: false });
    try {
      const response = await closed.inject({ method: "GET", url: "/api/v2/shop", headers: { ...LL_HEADERS, "x-user-token": await issuer.mint("acc-anna") } });
      expect(response.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});

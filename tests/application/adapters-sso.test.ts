import { createHash, randomUUID } from "node:crypto";
import formbody from "@fastify/formbody";
import { Effect } from "effect";
import Fastify, { type FastifyInstance } from "fastify";
import { InMemoryWebStorage, type INavigator } from "oidc-client-ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUserManager, OidcSingleSignOn, type OidcSettings } from "../../adapters/sso/oidc-single-sign-on.ts";
import { SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";
import { ACCOUNT_API_SCOPES } from "../../domain/account-api.schema.ts";
import type { Cents } from "../../domain/money.ts";

const CLIENT_ID = "festival-shop-web";
const REDIRECT_URI = "https://shop.example/login/callback";
const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** A tiny OpenID Connect provider: discovery, authorize (PKCE S256 required), token (verifier checked), end session, and the account API. */
const startProvider = async () => {
  const app: FastifyInstance = Fastify();
  await app.register(formbody);
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce?: string }>();
  const accessTokens = new Set<string>();
  const wishlists = new Map<string, unknown>();
  const newsletter: unknown[] = [];
  const authorizeRequests: Array<Record<string, string>> = [];
  let issuer = "";

  app.get("/.well-known/openid-configuration", async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    end_session_endpoint: `${issuer}/logout`,
    response_types_supported: ["code"],
    code_challenge_methods_supported: ["S256"],
  }));

  app.get("/authorize", async (request, reply) => {
    const q = request.query as Record<string, string>;
    authorizeRequests.push(q);
    const ok = q["response_type"] === "code" && q["client_id"] === CLIENT_ID && q["redirect_uri"] === REDIRECT_URI && q["state"] && q["code_challenge_method"] === "S256" && /^[A-Za-z0-9_-]{43}$/.test(q["code_challenge"] ?? "");
    if (!ok) return reply.code(400).send({ error: "invalid_request" });
    const code = randomUUID();
    codes.set(code, { challenge: q["code_challenge"]!, redirectUri: q["redirect_uri"]!, ...(q["nonce"] ? { nonce: q["nonce"] } : {}) });
    return reply.redirect(`${q["redirect_uri"]}?code=${code}&state=${q["state"]}`, 302);
  });

  app.post("/token", async (request, reply) => {
    const body = request.body as Record<string, string>;
    const grant = codes.get(body["code"] ?? "");
    codes.delete(body["code"] ?? "");
    const verifierHash = b64url(createHash("sha256").update(body["code_verifier"] ?? "").digest());
    if (body["grant_type"] !== "authorization_code" || !grant || grant.redirectUri !== body["redirect_uri"] || verifierHash !== grant.challenge) {
      return reply.code(400).send({ error: "invalid_grant" });
    }
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: issuer, sub: "user-42", aud: CLIENT_ID, iat: now, exp: now + 3600, email: "sam.visser@example.com", name: "Sam Visser", ...(grant.nonce ? { nonce: grant.nonce } : {}) };
    const accessToken = `at-${randomUUID()}`;
    accessTokens.add(accessToken);
    return { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: "openid profile email", id_token: `${b64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${b64url(JSON.stringify(payload))}.` };
  });

  const authorised = (auth: string | undefined) => accessTokens.has((auth ?? "").replace(/^Bearer /, ""));
  app.get("/account/wishlists/:eventId/:year", async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(401).send({});
    const { eventId, year } = request.params as { eventId: string; year: string };
    const preferences = wishlists.get(`${eventId}/${year}`);
    return preferences ? { data: { eventId, year: Number(year), preferences } } : reply.code(404).send({});
  });
  app.put("/account/wishlists/:eventId/:year", async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(401).send({});
    const { eventId, year } = request.params as { eventId: string; year: string };
    wishlists.set(`${eventId}/${year}`, (request.body as { preferences: unknown }).preferences);
    return reply.code(204).send();
  });
  app.get("/account/membership", async (request, reply) =>
    authorised(request.headers.authorization) ? { data: { status: 2, level: "gold" } } : reply.code(401).send({}),
  );
  app.post("/account/newsletter", async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(401).send({});
    newsletter.push({ query: request.query, body: request.body });
    return reply.code(204).send();
  });

  issuer = (await app.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
  return { app, issuer: () => issuer, authorizeRequests, wishlists, newsletter, revoke: () => accessTokens.clear() };
};

let provider: Awaited<ReturnType<typeof startProvider>>;
let settings: OidcSettings;
let redirects: string[];
let navigations: string[];
let sso: OidcSingleSignOn;

const capturingNavigator = (into: string[]): INavigator => ({
  prepare: async () => ({ navigate: async ({ url }) => (into.push(url), { url }), close: () => {} }),
  callback: async () => {},
});

/** Follows the captured authorize redirect like a browser would and answers the callback URL. */
const authorize = async (url: string): Promise<string> => {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  return response.headers.get("location")!;
};

describe("OidcSingleSignOn against a local OpenID Connect provider", () => {
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterAll(async () => provider.app.close());

  beforeEach(() => {
    redirects = [];
    navigations = [];
    settings = {
      authority: provider.issuer(),
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      postLogoutRedirectUri: "https://shop.example/",
      accountUrl: `${provider.issuer()}/account/profile`,
      accountApiUrl: `${provider.issuer()}/account`,
    };
    const userManager = createUserManager(settings, { userStore: new InMemoryWebStorage(), stateStore: new InMemoryWebStorage(), redirectNavigator: capturingNavigator(redirects) });
    sso = new OidcSingleSignOn(settings, userManager, { navigate: (url) => navigations.push(url) });
  });

  it("logs in with the authorization code flow and PKCE S256, and exposes the id_token", async () => {
    await Effect.runPromise(sso.login("/lowlands-lights/tickets"));
    expect(redirects).toHaveLength(1);
    const authorizeUrl = new URL(redirects[0]!);
    expect(authorizeUrl.searchParams.get("response_type")).toBe("code");
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    const user = await Effect.runPromise(sso.completeLogin(await authorize(redirects[0]!)));
    expect(user.sub).toBe("user-42");
    expect(user.email).toBe("sam.visser@example.com");
    expect(user.idToken.split(".")).toHaveLength(3);
    expect(JSON.parse(Buffer.from(user.idToken.split(".")[1]!, "base64url").toString()).sub).toBe("user-42");
    expect(await Effect.runPromise(sso.checkSession())).toMatchObject({ sub: "user-42", idToken: user.idToken });
  });

  it("asks the login for every scope the account API needs (membership, wishlists, newsletter)", async () => {
    await Effect.runPromise(sso.login());
    const scopes = new URL(redirects[0]!).searchParams.get("scope")!.split(" ");
    for (const scope of Object.values(ACCOUNT_API_SCOPES)) expect(scopes).toContain(scope);
  });

  it("fails the code exchange when the PKCE challenge does not match the verifier", async () => {
    await Effect.runPromise(sso.login());
    const tampered = new URL(redirects[0]!);
    tampered.searchParams.set("code_challenge", b64url(createHash("sha256").update("another verifier").digest()));
    const error = await Effect.runPromise(Effect.flip(sso.completeLogin(await authorize(tampered.toString()))));
    expect(error).toBeInstanceOf(SingleSignOnError);
    expect(error.reason).toBe("provider");
    expect(await Effect.runPromise(sso.checkSession())).toBeNull();
  });

  it("answers no session for an anonymous visitor", async () => {
    expect(await Effect.runPromise(sso.checkSession())).toBeNull();
  });

  it("registers through prompt=create and edits the account on the provider's account page", async () => {
    await Effect.runPromise(sso.register("/lowlands-lights"));
    expect(new URL(redirects[0]!).searchParams.get("prompt")).toBe("create");
    await Effect.runPromise(sso.editAccount());
    expect(navigations).toEqual([settings.accountUrl]);
  });

  it("saves and loads the wishlist, loads the membership and signs up for the newsletter with the bearer access token", async () => {
    await Effect.runPromise(sso.login());
    await Effect.runPromise(sso.completeLogin(await authorize(redirects[0]!)));
    const key = { eventId: "lowlands-lights-2027", year: 2027 };
    expect(await Effect.runPromise(sso.getWishlist(key))).toBeNull();
    await Effect.runPromise(sso.putWishlist({ ...key, preferences: { products: { ll_ticket_weekend: 2 }, totalAmount: 45900 as Cents, travelCart: null } }));
    expect(provider.wishlists.get("lowlands-lights-2027/2027")).toEqual({ products: { ll_ticket_weekend: 2 }, totalAmount: 459, travelCart: null });
    expect(await Effect.runPromise(sso.getWishlist(key))).toEqual({ ...key, preferences: { products: { ll_ticket_weekend: 2 }, totalAmount: 45900, travelCart: null } });
    expect(await Effect.runPromise(sso.loadMembership())).toEqual({ status: 2, level: "gold" });
    await Effect.runPromise(sso.newsletterSignup({ email: "sam.visser@example.com" }));
    await Effect.runPromise(sso.newsletterSignup({ query: "?utm_source=shop" }));
    expect(provider.newsletter.slice(-2)).toEqual([
      { query: {}, body: { email: "sam.visser@example.com" } },
      { query: { utm_source: "shop" }, body: {} },
    ]);
  });

  it("fails account calls login-required without a user or when the provider refuses the token", async () => {
    expect(await Effect.runPromise(Effect.flip(sso.loadMembership()))).toMatchObject({ reason: "login-required" });
    await Effect.runPromise(sso.login());
    await Effect.runPromise(sso.completeLogin(await authorize(redirects[0]!)));
    provider.revoke();
    expect(await Effect.runPromise(Effect.flip(sso.loadMembership()))).toMatchObject({ reason: "login-required" });
  });

  it("logs out through the end-session endpoint and forgets the user", async () => {
    await Effect.runPromise(sso.login());
    const user = await Effect.runPromise(sso.completeLogin(await authorize(redirects[0]!)));
    await Effect.runPromise(sso.logout());
    const logoutUrl = new URL(redirects.at(-1)!);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${provider.issuer()}/logout`);
    expect(logoutUrl.searchParams.get("id_token_hint")).toBe(user.idToken);
    expect(await Effect.runPromise(sso.checkSession())).toBeNull();
  });
});

import { identityProviderAllowed } from "../../server/server-settings.ts";
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcBrowser } from "./oidc-browser.ts";
import { freshServer, LL_HEADERS, openPglite, type TestDatabase } from "./server-harness.ts";

/** A browser over fetch with a cookie jar, redirects by hand (oidc-browser.ts). */
const browser = (origin: string) => oidcBrowser(origin);

const base64url = (buffer: Buffer) => buffer.toString("base64url");
const decodeJwt = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

describe("development identity provider under /oidc (README Single sign-on; spec §6, §7)", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    database = await openPglite();
    // The provider signs with the real time, so the Shop API verifies its tokens at the real time too.
    app = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    origin = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  /** Runs the authorization code flow with PKCE as `email`/`password`; answers the token response. */
  const logIn = async (email: string, password = "festival") => {
    const b = browser(origin);
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const query = new URLSearchParams({
      client_id: "festival-shop",
      redirect_uri: `${origin}/login`,
      response_type: "code",
      scope: "openid profile email phone address",
      state: "s1",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const auth = await b.request(`/oidc/auth?${query}`);
    expect(auth.status).toBe(303);
    const interaction = new URL(auth.headers.get("location")!, origin);
    expect(interaction.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    const page = await b.request(interaction.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const posted = await b.request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }).toString(),
    });
    if (posted.status !== 303) return { posted, html: await posted.text() };
    const resume = await b.request(posted.headers.get("location")!);
    expect(resume.status).toBe(303);
    const callback = new URL(resume.headers.get("location")!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}/login`);
    expect(callback.searchParams.get("state")).toBe("s1");
    const token = await fetch(`${origin}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: `${origin}/login`,
        client_id: "festival-shop",
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.status).toBe(200);
    return { posted, tokens: (await token.json()) as { access_token: string; id_token: string } };
  };

  it("publishes its discovery document with issuer {origin}/oidc, code flow and PKCE S256", async () => {
    const response = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery["issuer"]).toBe(`${origin}/oidc`);
    expect(discovery["authorization_endpoint"]).toBe(`${origin}/oidc/auth`);
    expect(discovery["token_endpoint"]).toBe(`${origin}/oidc/token`);
    expect(discovery["end_session_endpoint"]).toBe(`${origin}/oidc/session/end`);
    expect(discovery["code_challenge_methods_supported"]).toContain("S256");
  });

  it("shows its own login page in the visitor's language, with labelled fields", async () => {
    const b = browser(origin);
    const query = new URLSearchParams({ client_id: "festival-shop", redirect_uri: `${origin}/login`, response_type: "code", scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256" });
    const auth = await b.request(`/oidc/auth?${query}`);
    const page = await b.request(new URL(auth.headers.get("location")!, origin).pathname, { headers: { "accept-language": "nl" } });
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<label for="login-email">E-mailadres</label>');
    expect(html).toContain('autocomplete="current-password"');
  });

  it("refuses an authorization request without PKCE", async () => {
    const query = new URLSearchParams({ client_id: "festival-shop", redirect_uri: `${origin}/login`, response_type: "code", scope: "openid", state: "s" });
    const response = await fetch(`${origin}/oidc/auth?${query}`, { redirect: "manual" });
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get("location")!);
    expect(back.searchParams.get("error")).toBe("invalid_request");
  });

  it("answers a wrong password with 401 and the login page's alert", async () => {
    const { posted, html } = await logIn("anna@example.com", "wrong");
    expect(posted.status).toBe(401);
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="anna@example.com"');
  });

  it("issues an id token with the profile claims of the checkout prefill (spec §3)", async () => {
    const { tokens } = await logIn("Anna@Example.com");
    const claims = decodeJwt(tokens!.id_token);
    expect(claims).toMatchObject({
      iss: `${origin}/oidc`,
      aud: "festival-shop",
      sub: "acc-anna",
      email: "anna@example.com",
      given_name: "Anna",
      family_name: "de Vries",
      gender: "female",
      birthdate: "1999-04-12",
      phone_number: "+31612345678",
      address: { street_address: "Kerkstraat", house_number: "12", postal_code: "1017 GC", locality: "Amsterdam", country: "NL" },
    });
  });

  it("its id token is accepted as x-user-token by the Shop API; a tampered one answers 401 (spec §6)", async () => {
    const { tokens } = await logIn("anna@example.com");
    const shop = (token: string) =>
      fetch(`${origin}/api/v2/shop`, { headers: { ...LL_HEADERS, "x-user-token": token } });
    expect((await shop(tokens!.id_token)).status).toBe(200);
    const [header, , signature] = tokens!.id_token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(tokens!.id_token), sub: "acc-sam" })).toString("base64url");
    expect((await shop(`${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it("serves the account API behind the access token: membership, wishlists, newsletter (spec §7)", async () => {
    const anna = (await logIn("anna@example.com")).tokens!.access_token;
    const sam = (await logIn("sam@example.com")).tokens!.access_token;
    const call = (path: string, token?: string, init: RequestInit = {}) =>
      fetch(`${origin}/oidc/api/account${path}`, {
        ...init,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { "content-type": "application/json" } : {}) },
      });

    expect((await call("/membership")).status).toBe(401);
    expect((await call("/membership", "not-a-token")).status).toBe(401);
    expect(await (await call("/membership", anna)).json()).toEqual({ data: { status: 1, level: "gold" } });
    expect(await (await call("/membership", sam)).json()).toEqual({ data: { status: 0, level: null } });

    expect((await call("/wishlists/lowlands-lights-2027/2027", anna)).status).toBe(404);
    const preferences = { products: { ll_weekend: 2 }, totalAmount: 459, travelCart: null };
    expect((await call("/wishlists/lowlands-lights-2027/2027", undefined, { method: "PUT", body: JSON.stringify({ preferences }) })).status).toBe(401);
    expect((await call("/wishlists/lowlands-lights-2027/2027", anna, { method: "PUT", body: JSON.stringify({ preferences }) })).status).toBe(204);
    expect(await (await call("/wishlists/lowlands-lights-2027/2027", anna)).json()).toEqual({ data: { eventId: "lowlands-lights-2027", year: 2027, preferences } });
    // Another account does not see it; a second save overwrites.
    expect((await call("/wishlists/lowlands-lights-2027/2027", sam)).status).toBe(404);
    const changed = { ...preferences, products: { ll_weekend: 1 }, totalAmount: 229.5 };
    await call("/wishlists/lowlands-lights-2027/2027", anna, { method: "PUT", body: JSON.stringify({ preferences: changed }) });
    expect(await (await call("/wishlists/lowlands-lights-2027/2027", anna)).json()).toMatchObject({ data: { preferences: changed } });
    expect((await call("/wishlists/lowlands-lights-2027/2027", anna, { method: "PUT", body: JSON.stringify({ preferences: { products: { a: 1.5 } } }) })).status).toBe(400);

    expect((await call("/newsletter?utm_source=shop", anna, { method: "POST", body: "{}" })).status).toBe(204);
    expect((await call("/newsletter", undefined, { method: "POST", body: JSON.stringify({ email: "x@example.com" }) })).status).toBe(401);
  });
});

describe("the development identity provider stays out of production unless a demo deployment asks for it", () => {
  it("runs outside production unless IDENTITY_PROVIDER=off, and in production only with IDENTITY_PROVIDER=enabled", () => {
    expect(identityProviderAllowed({})).toBe(true);
    expect(identityProviderAllowed({ NODE_ENV: "development" })).toBe(true);
    expect(identityProviderAllowed({ IDENTITY_PROVIDER: "off" })).toBe(false);
    expect(identityProviderAllowed({ NODE_ENV: "production" })).toBe(false);
    expect(identityProviderAllowed({ NODE_ENV: "production", IDENTITY_PROVIDER: "on" })).toBe(false);
    expect(identityProviderAllowed({ NODE_ENV: "production", IDENTITY_PROVIDER: "enabled" })).toBe(true);
  });
});

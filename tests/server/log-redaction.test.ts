import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { DrizzleQueryError, eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_UPGRADE_ACCESS_ID, DEMO_UPGRADE_ORDER_ID } from "../../server/catalogue/demo-upgradable-orders.ts";
import { carts } from "../../server/db/schema.ts";
import { REDACTED, redactingLogger, redactUrl } from "../../server/http/log-redaction.ts";
import { authorize, callbackOf, loginForm, oidcBrowser, originOf, postLogin, redeem } from "./oidc-browser.ts";
import { freshServer, LL_HEADERS, openPglite, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

describe("redactUrl keeps the path and the parameter names, never a value", () => {
  it("replaces every query value and drops the fragment", () => {
    expect(redactUrl("/lowlands-lights/checkout?cartToken=abc&cartId=123")).toBe(`/lowlands-lights/checkout?cartToken=${REDACTED}&cartId=${REDACTED}`);
    expect(redactUrl("/login?code=x&state=y#frag")).toBe(`/login?code=${REDACTED}&state=${REDACTED}`);
    expect(redactUrl("/oidc/session/end?id_token_hint")).toBe(`/oidc/session/end?id_token_hint=${REDACTED}`);
    expect(redactUrl("/api/v2/shop")).toBe("/api/v2/shop");
  });
});

describe("errors reach the log without the values of a failed query", () => {
  it("logs a failed query's SQL and cause, never its parameters or the row's detail", async () => {
    const log = new PassThrough();
    let written = "";
    log.on("data", (chunk: Buffer) => void (written += chunk.toString()));
    const app = Fastify({ logger: redactingLogger(log) });
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505", detail: "Key (email)=(anna@example.com) already exists." });
    const failed = new DrizzleQueryError('insert into "carts" ("email", "cart_token") values ($1, $2)', ["anna@example.com", "ct-secret-token"], cause);
    app.log.error(failed);
    app.log.error({ err: failed }, "a write failed");
    await app.close();
    expect(written).toContain('insert into \\"carts\\"');
    expect(written).toContain("23505");
    expect(written).toContain(`params: ${REDACTED}`);
    expect(written).not.toContain("anna@example.com");
    expect(written).not.toContain("ct-secret-token");
  });
});

/**
 * A visitor's whole journey against a server logging to a buffer: no secret and no personal datum of it is in the log.
 */
describe("nothing secret or personal in the log of a visitor's journey", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  const log = new PassThrough();
  let written = "";
  log.on("data", (chunk: Buffer) => void (written += chunk.toString()));

  beforeAll(async () => {
    database = await openPglite();
    app = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true, logger: { stream: log } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = originOf(app.server.address());
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("logs each request with its path and redacted query, and none of the journey's secrets or personal data", async () => {
    const secrets: Record<string, string> = {};
    const api = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
      fetch(`${origin}${path}`, { ...init, headers: { ...LL_HEADERS, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers } });

    // A deep-link cart: its token in the link and in x-cart-token, the visitor's details in the cart.
    const cart = (await (await api("/api/v2/carts", { method: "POST", body: "{}" })).json()).data as { id: string };
    secrets["cartToken"] = `ct-${randomUUID()}`;
    await database.db.update(carts).set({ cartToken: secrets["cartToken"] }).where(eq(carts.id, cart.id));
    await fetch(`${origin}/lowlands-lights/checkout?cartToken=${secrets["cartToken"]}&cartId=${cart.id}`);
    expect((await api(`/api/v2/carts/${cart.id}`, { headers: { "x-cart-token": secrets["cartToken"] } })).status).toBe(200);
    expect((await api(`/api/v2/carts/${cart.id}`, { method: "PUT", body: JSON.stringify(VALID_DETAILS), headers: { "x-cart-token": secrets["cartToken"] } })).status).toBeLessThan(500);

    // An upgrade link: the access id in the link and in x-upgrade-access-id.
    secrets["access_id"] = DEMO_UPGRADE_ACCESS_ID;
    await fetch(`${origin}/lowlands-lights?idt_oss_order_id=${DEMO_UPGRADE_ORDER_ID}&access_id=${DEMO_UPGRADE_ACCESS_ID}`);
    expect((await api("/api/v2/shop", { headers: { "x-upgradable-order-id": DEMO_UPGRADE_ORDER_ID, "x-upgrade-access-id": DEMO_UPGRADE_ACCESS_ID } })).status).toBe(200);

    // Login: a wrong password first, then the right one; the app's /login callback with code and state.
    const b = oidcBrowser(origin);
    const auth = await authorize(b);
    const action = await loginForm(b, auth.response);
    secrets["wrong password"] = `wrong-${randomUUID()}`;
    expect((await postLogin(b, action, "anna@example.com", secrets["wrong password"])).status).toBe(401);
    const callback = await callbackOf(b, await postLogin(b, action, "anna@example.com", "festival"));
    secrets["code"] = callback.get("code")!;
    secrets["state"] = callback.get("state")!;
    await b.request(`/login?${callback}`);
    const tokens = (await (await redeem(b, secrets["code"], auth.verifier, auth.redirectUri)).json()) as { id_token: string; access_token: string };
    secrets["id_token"] = tokens.id_token;
    secrets["access_token"] = tokens.access_token;

    // The id token as x-user-token (a tampered one too: a 401 is logged), the account API with the access token.
    expect((await api("/api/v2/shop", { headers: { "x-user-token": tokens.id_token } })).status).toBe(200);
    expect((await api("/api/v2/shop", { headers: { "x-user-token": `${tokens.id_token}x` } })).status).toBe(401);
    expect((await fetch(`${origin}/oidc/api/account/membership`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    expect((await fetch(`${origin}/oidc/api/account/newsletter?email=anna@example.com`, { method: "POST", headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" }, body: "{}" })).status).toBe(204);

    // Logout with id_token_hint, confirmed on the provider's page.
    const logoutQuery = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${origin}/`, state: `logout-${randomUUID()}` });
    secrets["logout state"] = logoutQuery.get("state")!;
    const logout = await b.request(`/oidc/session/end?${logoutQuery}`);
    expect(logout.status).toBe(200);
    const form = await logout.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)![1]!;
    const confirmed = await b.request("/oidc/session/end/confirm", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ xsrf, logout: "yes" }).toString() });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toContain(`${origin}/`);
    await b.request(confirmed.headers.get("location")!);

    await new Promise((resolve) => setTimeout(resolve, 100));
    // The log was written: one line per request at least, the links with their parameter names and no values.
    expect(written.split("\n").length).toBeGreaterThan(20);
    expect(written).toContain(`/lowlands-lights/checkout?cartToken=${REDACTED}&cartId=${REDACTED}`);
    expect(written).toContain(`access_id=${REDACTED}`);
    expect(written).toContain(`/oidc/session/end?id_token_hint=${REDACTED}`);
    const personal = ["anna@example.com", "de Vries", "1999-04-12", "+31612345678", "Kerkstraat", "1017 GC"];
    for (const [name, value] of [...Object.entries(secrets), ...personal.map((p) => [p, p] as const)]) {
      expect(written.includes(value), `${name} is in the log`).toBe(false);
    }
    // Nor a part of a JWT (its payload carries the profile claims).
    for (const part of tokens.id_token.split(".").slice(1)) expect(written.includes(part)).toBe(false);
  });
});

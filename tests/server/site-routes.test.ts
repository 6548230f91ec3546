import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { LL_HEADERS } from "./server-harness.ts";

const TOKEN = "site-routes-test-token";
let database: OpenDatabase;
let withToken: FastifyInstance;
let withoutToken: FastifyInstance;

const withEnv = async <A>(env: Record<string, string | undefined>, build: () => Promise<A>): Promise<A> => {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.entries(env).forEach(([k, v]) => (v === undefined ? delete process.env[k] : (process.env[k] = v)));
  try {
    return await build();
  } finally {
    Object.entries(saved).forEach(([k, v]) => (v === undefined ? delete process.env[k] : (process.env[k] = v)));
  }
};

describe("site routes (spec §7 Other calls)", () => {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await resetDemoCatalogue(database.db);
    const build = () => buildServer({ db: database.db, sweepIntervalMs: 0, rateLimit: false });
    withToken = await withEnv({ NOTICE_ADMIN_TOKEN: TOKEN, SHOP_NOTICE_TITLE: undefined }, build);
    withoutToken = await withEnv({ NOTICE_ADMIN_TOKEN: undefined, SHOP_NOTICE_TITLE: "Planned maintenance", SHOP_NOTICE_ERROR: "Tonight 23:00" }, build);
  });
  afterAll(async () => {
    await withToken?.close();
    await withoutToken?.close();
    await database?.close();
  });

  it("answers no notice (title null) by default, as JSON that is never cached", async () => {
    const response = await withToken.inject({ method: "GET", url: "/api/notice?t=1230" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ message: { title: null, error: null } });
  });

  it("refuses a missing or malformed time query with 400 request.invalid", async () => {
    for (const url of ["/api/notice", "/api/notice?t=2561", "/api/notice?t=12:30"]) {
      const response = await withToken.inject({ method: "GET", url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("request.invalid");
    }
  });

  it("publishes and clears a notice with the admin token, and refuses another token with 401", async () => {
    const refused = await withToken.inject({ method: "PUT", url: "/api/notice", headers: { authorization: "Bearer wrong" }, payload: { title: "x", error: null } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("notice.token.invalid");
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await withToken.inject({ method: "PUT", url: "/api/notice", headers: auth, payload: { title: "Maintenance", error: "23:00" } })).statusCode).toBe(200);
    expect((await withToken.inject({ method: "GET", url: "/api/notice?t=2200" })).json()).toEqual({ message: { title: "Maintenance", error: "23:00" } });
    expect((await withToken.inject({ method: "PUT", url: "/api/notice", headers: auth, payload: { title: 5 } })).statusCode).toBe(400);
    await withToken.inject({ method: "PUT", url: "/api/notice", headers: auth, payload: { title: null, error: null } });
    expect((await withToken.inject({ method: "GET", url: "/api/notice?t=2200" })).json().message.title).toBeNull();
  });

  it("starts with the notice of SHOP_NOTICE_TITLE and has no PUT route without NOTICE_ADMIN_TOKEN", async () => {
    expect((await withoutToken.inject({ method: "GET", url: "/api/notice?t=0800" })).json()).toEqual({ message: { title: "Planned maintenance", error: "Tonight 23:00" } });
    const put = await withoutToken.inject({ method: "PUT", url: "/api/notice", headers: { authorization: "Bearer anything" }, payload: { title: null, error: null } });
    expect(put.statusCode).toBe(404);
  });

  it("answers GET /api/init with 204 and no body", async () => {
    const response = await withToken.inject({ method: "GET", url: "/api/init" });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });

  it("accepts a transport request mail with the shop's headers with 202 and an id, and names the bad field with 400 otherwise", async () => {
    const mail = { eventNamespace: "lowlands-lights-2027", name: "Sam Visser", email: "sam@example.com", persons: 4, departureCity: "Utrecht" };
    const accepted = await withToken.inject({ method: "POST", url: "/api/mail/transport-requests", headers: LL_HEADERS, payload: mail });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await withToken.inject({ method: "POST", url: "/api/mail/transport-requests", headers: LL_HEADERS, payload: { ...mail, persons: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "request.invalid" });
    expect(bad.json().error.message).toContain("persons");
  });

  it("accepts a newsletter subscription with 202 and refuses a malformed e-mail with 400", async () => {
    const subscription = { email: "sam@example.com", locale: "nl", eventNamespace: "lowlands-lights-2027" };
    const accepted = await withToken.inject({ method: "POST", url: "/api/newsletter/subscriptions", payload: subscription });
    expect(accepted.statusCode).toBe(202);
    const bad = await withToken.inject({ method: "POST", url: "/api/newsletter/subscriptions", payload: { ...subscription, email: "not-an-address" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("email");
  });
});

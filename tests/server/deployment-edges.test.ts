import { connect } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BuildServerOptions } from "../../server/app.ts";
import { buildServer } from "../../server/app.ts";
import { forgetExpiredPersonalData } from "../../server/cart/personal-data.ts";
import { carts } from "../../server/db/schema.ts";
import { paymentProvidersAtStartup } from "../../server/payments/provider-setup.ts";
import { parseTrustProxy, personalDataRetentionSecondsFromEnv, publicOriginFromEnv, timeoutsFromEnv } from "../../server/server-settings.ts";
import { listShops } from "../../server/shop/shop-store.ts";
import { adyenBatch, adyenItem, recordedAdyen, recordedNotification, TEST_HMAC_KEY, TEST_MERCHANT } from "./adyen-support.ts";
import { freshServer, injectJson, LL_HEADERS, openPglite, testClock, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

// Deployment edges: proxies and the rate limit, the Adyen webhook's budget, PUBLIC_ORIGIN, HSTS, the test
// provider in production, cross-site form posts, parser-level errors, slow clients and personal-data retention.
describe("deployment edges of the reference server", () => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  const clock = testClock();

  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const start = async (extra: Partial<BuildServerOptions> = {}) => {
    app = await freshServer(database, clock.now, extra);
    return app;
  };
  const shops = (server: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    server.inject({ method: "GET", url: "/api/v2/shops", remoteAddress, headers });

  describe("TRUST_PROXY and the per-client rate limit", () => {
    it("gives every forwarded client its own budget behind a trusted proxy", async () => {
      const server = await start({ rateLimit: { max: 2 }, trustProxy: ["127.0.0.1"] });
      const visitor = { "x-forwarded-for": "203.0.113.10" };
      expect((await shops(server, "127.0.0.1", visitor)).statusCode).toBe(200);
      expect((await shops(server, "127.0.0.1", visitor)).statusCode).toBe(200);
      expect((await shops(server, "127.0.0.1", visitor)).statusCode).toBe(429);
      // Another visitor behind the same proxy is not limited by the first one's requests.
      expect((await shops(server, "127.0.0.1", { "x-forwarded-for": "203.0.113.11" })).statusCode).toBe(200);
    });

    it("ignores X-Forwarded-For from a peer that is not a trusted proxy, so a forged header buys no fresh budget", async () => {
      const server = await start({ rateLimit: { max: 2 }, trustProxy: ["10.0.0.1"] });
      for (const forged of ["198.51.100.1", "198.51.100.2"]) expect((await shops(server, "192.0.2.5", { "x-forwarded-for": forged })).statusCode).toBe(200);
      expect((await shops(server, "192.0.2.5", { "x-forwarded-for": "198.51.100.3" })).statusCode).toBe(429);
    });

    it("reads TRUST_PROXY as off, a hop count or a list of proxy addresses and ranges, and refuses true and what is no address", () => {
      expect(parseTrustProxy(undefined)).toBe(false);
      expect(parseTrustProxy(" false ")).toBe(false);
      expect(parseTrustProxy("0")).toBe(false);
      expect(parseTrustProxy("2")).toBe(2);
      expect(parseTrustProxy("127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, loopback")).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "loopback"]);
      expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY=true is refused.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
      expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/'10\.0\.0\.0\/40' is no address/);
      expect(() => parseTrustProxy("proxy.internal")).toThrow(/hop count .* or the proxies' addresses/);
    });
  });

  describe("the Adyen webhook", () => {
    it("keeps answering signed notifications after the visitors' budget of its address is spent, and still checks the HMAC", async () => {
      const server = await start({ rateLimit: { max: 2 }, paymentProviders: [recordedAdyen().provider] });
      for (let i = 0; i < 2; i += 1) await shops(server, "127.0.0.1");
      expect((await shops(server, "127.0.0.1")).statusCode).toBe(429);
      for (let i = 0; i < 3; i += 1) {
        const notified = await server.inject({ method: "POST", url: "/payments/adyen/notifications", remoteAddress: "127.0.0.1", payload: recordedNotification() });
        expect(notified.statusCode).toBe(200);
        expect(notified.body).toBe("[accepted]");
      }
      const forged = adyenItem({ eventCode: "AUTHORISATION" }, false);
      const refused = await server.inject({ method: "POST", url: "/payments/adyen/notifications", remoteAddress: "127.0.0.1", payload: adyenBatch(forged) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe("adyen.hmac.invalid");
    });
  });

  describe("PUBLIC_ORIGIN", () => {
    const cartReadyToOrder = async (server: FastifyInstance) => {
      const id = (await injectJson(server, "POST", "/api/v2/carts", {})).json().data.id as string;
      expect((await injectJson(server, "PUT", `/api/v2/carts/${id}/products`, { productId: "ll_ticket_weekend", quantity: 1 })).statusCode).toBe(200);
      expect((await injectJson(server, "PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      return id;
    };
    const spoofed = { ...LL_HEADERS, host: "evil.example" };

    it("is the only origin of payment pages and returns: a spoofed Host header neither builds the page address nor allows its own return", async () => {
      const server = await start({ publicOrigin: "https://tickets.example.org/" });
      const id = await cartReadyToOrder(server);
      const toEvil = await injectJson(server, "POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "http://evil.example/lowlands-lights/paymentstatus" }, spoofed);
      expect(toEvil.statusCode).toBe(422);
      expect(toEvil.json().error).toMatchObject({ code: "request.invalid", message: expect.stringContaining("http://evil.example") });
      const ordered = await injectJson(server, "POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "https://tickets.example.org/lowlands-lights/paymentstatus" }, spoofed);
      expect(ordered.statusCode).toBe(201);
      const page = new URL(ordered.json().data.redirectUri as string);
      expect(page.origin).toBe("https://tickets.example.org");
      const paid = await server.inject({ method: "POST", url: page.pathname, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "outcome=pay" });
      expect(paid.statusCode).toBe(303);
      expect(new URL(String(paid.headers.location)).origin).toBe("https://tickets.example.org");
    });

    it("is required with NODE_ENV=production (start-up refused without it) and must be an http(s) address", () => {
      expect(() => publicOriginFromEnv({ NODE_ENV: "production" })).toThrow(/PUBLIC_ORIGIN/);
      expect(publicOriginFromEnv({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://tickets.example.org/shop/" })).toBe("https://tickets.example.org");
      expect(publicOriginFromEnv({})).toBeUndefined();
      expect(() => publicOriginFromEnv({ PUBLIC_ORIGIN: "tickets.example.org" })).toThrow(/http\(s\)/);
      expect(() => publicOriginFromEnv({ PUBLIC_ORIGIN: "ftp://tickets.example.org" })).toThrow(/http\(s\)/);
    });

    it("without PUBLIC_ORIGIN still uses the request's own origin (development)", async () => {
      const server = await start();
      const id = await cartReadyToOrder(server);
      const ordered = await injectJson(server, "POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-lights/paymentstatus" });
      expect(ordered.statusCode).toBe(201);
      expect(ordered.json().data.redirectUri).toMatch(/^http:\/\/localhost\/test-payments\//);
    });
  });

  describe("HSTS", () => {
    const hsts = async (server: FastifyInstance, headers: Record<string, string> = {}) =>
      (await server.inject({ method: "GET", url: "/api/v2/shops", remoteAddress: "127.0.0.1", headers })).headers["strict-transport-security"];

    it("is sent on every answer when PUBLIC_ORIGIN is https", async () => {
      expect(await hsts(await start({ publicOrigin: "https://tickets.example.org" }))).toBe("max-age=15552000; includeSubDomains");
    });

    it("is sent for a request that came over https through a trusted proxy, and not for plain http", async () => {
      const server = await start({ trustProxy: ["127.0.0.1"] });
      expect(await hsts(server, { "x-forwarded-proto": "https" })).toBe("max-age=15552000; includeSubDomains");
      expect(await hsts(server)).toBeUndefined();
    });

    it("is not sent over plain http without an https public origin, whatever an untrusted peer forwards", async () => {
      const server = await start({ publicOrigin: "http://localhost:3000" });
      expect(await hsts(server, { "x-forwarded-proto": "https" })).toBeUndefined();
    });
  });

  describe("the test payment provider in production", () => {
    const adyenEnv = { ADYEN_API_KEY: "AQE_test_key", ADYEN_MERCHANT_ACCOUNT: TEST_MERCHANT, ADYEN_HMAC_KEY: TEST_HMAC_KEY };

    it("refuses to start with NODE_ENV=production while a shop pays with the test provider, naming the shops and the way out", async () => {
      await start();
      await expect(paymentProvidersAtStartup(database.db, { NODE_ENV: "production" })).rejects.toThrow(/lowlands-lights.*TEST_PAYMENTS=enabled/s);
    });

    it("registers the test provider outside production, and in production only with TEST_PAYMENTS=enabled", async () => {
      await start();
      const names = async (env: Record<string, string>) => (await paymentProvidersAtStartup(database.db, env)).providers.map((p) => p.name);
      expect(await names({})).toEqual(["test"]);
      expect(await names({ NODE_ENV: "development" })).toEqual(["test"]);
      expect(await names({ NODE_ENV: "production", TEST_PAYMENTS: "enabled" })).toEqual(["test"]);
      expect(await names({ NODE_ENV: "production", TEST_PAYMENTS: "yes" }).catch((e: Error) => e.message)).toMatch(/test provider/);
    });

    it("starts in production once every shop pays with Adyen, without the test provider or its payment page", async () => {
      await start();
      const slugs = (await listShops(database.db)).map((s) => s.slug).join(",");
      const startup = await paymentProvidersAtStartup(database.db, { NODE_ENV: "production", ...adyenEnv, ADYEN_SHOPS: slugs });
      expect(startup.providers.map((p) => p.name)).toEqual(["adyen"]);
      const server = await buildServer({ db: database.db, clock: clock.now, sweepIntervalMs: 0, paymentProviders: startup.providers });
      try {
        const page = await server.inject({ method: "GET", url: "/test-payments/00000000-0000-4000-8000-000000000000" });
        expect(page.statusCode).toBe(404);
        expect(page.json()).toEqual({ error: { code: "not.found", message: expect.any(String) } });
        const post = await server.inject({ method: "POST", url: "/test-payments/00000000-0000-4000-8000-000000000000", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "outcome=pay" });
        expect(post.statusCode).toBeGreaterThanOrEqual(400);
        expect(post.statusCode).toBeLessThan(500);
      } finally {
        await server.close();
      }
    });
  });

  describe("cross-site form posts", () => {
    const subscription = { email: "sam@example.com", locale: "nl", eventNamespace: "lowlands-lights-2027" };

    it("refuses a form-encoded newsletter subscription or transport request (what an HTML form on another site sends) with 415", async () => {
      const server = await start({ rateLimit: false });
      for (const url of ["/api/newsletter/subscriptions", "/api/mail/transport-requests"]) {
        const form = await server.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "email=sam%40example.com&locale=nl&eventNamespace=lowlands-lights-2027&name=x&persons=1&departureCity=x" });
        expect(form.statusCode).toBe(415);
        expect(form.json()).toEqual({ error: { code: "request.invalid", message: expect.any(String) } });
      }
    });

    it("refuses any write a browser marks as cross-site with 403 request.cross.site, and accepts the same call from the shop itself", async () => {
      const server = await start({ rateLimit: false });
      const from = (site: string) => server.inject({ method: "POST", url: "/api/newsletter/subscriptions", headers: { "sec-fetch-site": site }, payload: subscription });
      const crossSite = await from("cross-site");
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toEqual({ error: { code: "request.cross.site", message: expect.any(String) } });
      expect((await from("same-origin")).statusCode).toBe(202);
      expect((await server.inject({ method: "POST", url: "/api/newsletter/subscriptions", payload: subscription })).statusCode).toBe(202);
    });
  });

  describe("errors before any route", () => {
    it("answers malformed JSON, an unsupported content type and a body over the limit in the envelope", async () => {
      const server = await start({ rateLimit: false });
      const post = (headers: Record<string, string>, payload: string) => server.inject({ method: "POST", url: "/api/newsletter/subscriptions", headers, payload });
      const malformed = await post({ "content-type": "application/json" }, "{bad");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: { code: "request.invalid", message: expect.any(String) } });
      const xml = await post({ "content-type": "application/xml" }, "<a/>");
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toEqual({ error: { code: "request.invalid", message: expect.any(String) } });
      const huge = await post({ "content-type": "application/json" }, JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ error: { code: "request.invalid", message: expect.any(String) } });
    });

    /** Listens on an ephemeral 127.0.0.1 port and sends `text` over a raw socket; answers everything received until the server closes. */
    const rawExchange = async (server: FastifyInstance, text: string): Promise<string> => {
      await server.listen({ port: 0, host: "127.0.0.1" });
      const address = server.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      return new Promise((resolve) => {
        const socket = connect(port, "127.0.0.1");
        let received = "";
        socket.on("data", (chunk) => void (received += chunk.toString("latin1")));
        socket.on("error", () => undefined);
        socket.on("close", () => resolve(received));
        socket.write(text);
      });
    };
    const envelopeOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as unknown;

    it("answers a malformed HTTP request with 400 in the envelope", async () => {
      const raw = await rawExchange(await start(), "THIS IS NOT HTTP\r\n\r\n");
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      expect(envelopeOf(raw)).toEqual({ error: { code: "request.invalid", message: expect.any(String) } });
    });

    it("answers headers over Node's size limit with 431 in the envelope", async () => {
      const raw = await rawExchange(await start(), `GET /api/v2/shops HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
      expect(raw).toMatch(/^HTTP\/1\.1 431 /);
      expect(envelopeOf(raw)).toEqual({ error: { code: "request.headers.too.large", message: expect.any(String) } });
    });

    it("closes a connection whose request does not arrive within the request timeout with 408 in the envelope", async () => {
      const raw = await rawExchange(await start({ timeouts: { requestMs: 200, headersMs: 200 } }), "POST /api/newsletter/subscriptions HTTP/1.1\r\nHost: localhost\r\n");
      expect(raw).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(raw)).toEqual({ error: { code: "request.timeout", message: expect.any(String) } });
    });

    it("sets request, headers and idle timeouts by default (Node's own request timeout is off) and reads them from the environment", async () => {
      const server = await start();
      expect(server.server.requestTimeout).toBe(30_000);
      expect(server.server.headersTimeout).toBe(10_000);
      expect(server.server.timeout).toBe(120_000);
      expect(timeoutsFromEnv({ REQUEST_TIMEOUT_MS: "5000", HEADERS_TIMEOUT_MS: "8000", IDLE_TIMEOUT_MS: "20000" })).toEqual({ requestMs: 5000, headersMs: 5000, idleMs: 20000 });
      expect(() => timeoutsFromEnv({ REQUEST_TIMEOUT_MS: "soon" })).toThrow(/REQUEST_TIMEOUT_MS/);
    });
  });

  describe("personal data of expired, unpaid carts", () => {
    const DAY = 86_400;

    it("deletes the checkout details once the retention period after expiry has passed, and keeps those of orders and live carts", async () => {
      const server = await start({ rateLimit: false });
      const cartWithDetails = async () => {
        const id = (await injectJson(server, "POST", "/api/v2/carts", {})).json().data.id as string;
        expect((await injectJson(server, "PUT", `/api/v2/carts/${id}/products`, { productId: "ll_ticket_weekend", quantity: 1 })).statusCode).toBe(200);
        expect((await injectJson(server, "PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
        return id;
      };
      const expired = await cartWithDetails();
      const confirmed = await cartWithDetails();
      const live = await cartWithDetails();
      const expiredAt = new Date(clock.now().getTime() - 1000);
      await database.db.update(carts).set({ expiresAt: expiredAt }).where(eq(carts.id, expired));
      await database.db.update(carts).set({ expiresAt: expiredAt, status: "confirmed" }).where(eq(carts.id, confirmed));
      const detailsOf = async (id: string) => (await database.db.select({ details: carts.details }).from(carts).where(eq(carts.id, id)))[0]!.details;
      const retention = 30 * DAY;

      expect(await forgetExpiredPersonalData(database.db, new Date(expiredAt.getTime() + retention * 1000 - 1000), retention)).toBe(0);
      expect(await detailsOf(expired)).toMatchObject({ email: VALID_DETAILS.email });

      expect(await forgetExpiredPersonalData(database.db, new Date(expiredAt.getTime() + retention * 1000), retention)).toBe(1);
      expect(await detailsOf(expired)).toBeNull();
      expect(await detailsOf(confirmed)).toMatchObject({ email: VALID_DETAILS.email });
      // The live cart expires 15 minutes after now: far inside the retention period.
      expect(await detailsOf(live)).toMatchObject({ email: VALID_DETAILS.email });
    });

    it("reads PERSONAL_DATA_RETENTION_DAYS (default 30) as seconds", () => {
      expect(personalDataRetentionSecondsFromEnv({})).toBe(30 * DAY);
      expect(personalDataRetentionSecondsFromEnv({ PERSONAL_DATA_RETENTION_DAYS: "7" })).toBe(7 * DAY);
      expect(() => personalDataRetentionSecondsFromEnv({ PERSONAL_DATA_RETENTION_DAYS: "-1" })).toThrow(/PERSONAL_DATA_RETENTION_DAYS/);
    });
  });
});

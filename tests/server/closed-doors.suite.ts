import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildServer, type BuildServerOptions } from "../../server/app.ts";
import { DEMO_UPGRADE_ACCESS_ID, DEMO_UPGRADE_ORDER_ID } from "../../server/catalogue/demo-upgradable-orders.ts";
import { transportRequests } from "../../server/db/schema.ts";
import { LL_HEADERS, suiteServer, type TestDatabase } from "./server-harness.ts";

const UPGRADE_HEADERS = { ...LL_HEADERS, "x-upgradable-order-id": DEMO_UPGRADE_ORDER_ID, "x-upgrade-access-id": DEMO_UPGRADE_ACCESS_ID };
const MAIL = { eventNamespace: "lowlands-lights-2027", name: "Sam Visser", email: "sam@example.com", persons: 4, departureCity: "Utrecht" };

/** Runs `build` with the environment variables `env` set (undefined: unset), then puts the environment back. */
const withEnv = async <A>(env: Record<string, string | undefined>, build: () => Promise<A>): Promise<A> => {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) =>
    Object.entries(values).forEach(([k, v]) => (v === undefined ? delete process.env[k] : (process.env[k] = v)));
  apply(env);
  try {
    return await build();
  } finally {
    apply(saved);
  }
};

/**
 * Doors the reference server kept open, tried as an attacker with an HTTP client would: a shared cache keeping one
 * customer's upgradable order, the provider-state endpoint of every non-production start, and transport requests
 * stored without a shop token.
 */
export const closedDoorsSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`closed doors on ${driver}`, () => {
    const server = suiteServer(open);
    const { call } = server;

    describe("caching of answers made for one visitor", () => {
      it("answers GET /shop and /products with an upgrade link's headers private, and the public ones Vary on those headers", async () => {
        for (const url of ["/api/v2/shop", "/api/v2/products"]) {
          const upgrade = await call("GET", url, undefined, UPGRADE_HEADERS);
          expect(upgrade.statusCode).toBe(200);
          expect(upgrade.headers["cache-control"]).toMatch(/^private\b/);
          const plain = await call("GET", url);
          expect(plain.headers["cache-control"]).toBe("public, max-age=5");
          const vary = String(plain.headers.vary).split(/,\s*/);
          for (const header of ["x-upgradable-order-id", "x-upgrade-access-id", "x-cart-token", "x-user-token", "x-policy-id"]) expect(vary).toContain(header);
        }
        expect((await call("GET", "/api/v2/shop", undefined, UPGRADE_HEADERS)).json().data.upgradableOrder).toBeDefined();
      });

      it("keeps every answer to a request with a cart token or a policy id private, errors included", async () => {
        const cart = (await call("POST", "/api/v2/carts", {}, UPGRADE_HEADERS)).json().data.id as string;
        const answers = [
          await call("GET", `/api/v2/carts/${cart}`, undefined, UPGRADE_HEADERS),
          await call("GET", "/api/v2/shop", undefined, { ...LL_HEADERS, "x-cart-token": "ct_demo_4b8e2f6a1c9d" }),
          await call("GET", "/api/v2/products", undefined, { ...LL_HEADERS, "x-policy-id": "policy-1" }),
          await call("GET", "/api/v2/shop", undefined, { ...UPGRADE_HEADERS, "x-upgrade-access-id": "acc-wrong" }),
        ];
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404]);
        for (const answer of answers) expect(answer.headers["cache-control"]).toMatch(/^private\b|no-store/);
      });
    });

    describe("POST /_pact/provider-states", () => {
      const state = (app: FastifyInstance) =>
        app.inject({ method: "POST", url: "/_pact/provider-states", payload: { state: "a previous order", params: { reference: "123456789" } } });
      const build = (extra: Partial<BuildServerOptions> = {}) =>
        buildServer({ db: server.database.db, clock: server.clock.now, sweepIntervalMs: 0, ...extra });

      it("does not exist in a start without PACT_PROVIDER_STATES=enabled, and hands out no cart token", async () => {
        const res = await state(server.app);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("ct_demo");
      });

      it("does not exist with NODE_ENV=production even with PACT_PROVIDER_STATES=enabled", async () => {
        const app = await withEnv({ NODE_ENV: "production", PACT_PROVIDER_STATES: "enabled", TEST_PAYMENTS: "enabled" }, () => build());
        try {
          expect((await state(app)).statusCode).toBe(404);
        } finally {
          await app.close();
        }
      });

      it("exists for contract verification, with PACT_PROVIDER_STATES=enabled", async () => {
        const app = await withEnv({ PACT_PROVIDER_STATES: "enabled" }, () => build());
        try {
          const res = await state(app);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toMatchObject({ reference: "123456789" });
        } finally {
          await app.close();
        }
      });
    });

    describe("POST /api/mail/transport-requests", () => {
      const send = (headers: Record<string, string>, payload: unknown = MAIL) =>
        server.app.inject({ method: "POST", url: "/api/mail/transport-requests", headers, payload: payload as object });
      const stored = async () => (await server.database.db.select().from(transportRequests)).length;

      it("refuses a request without the shop's token (401 shop.token.invalid) or namespace (400) and stores nothing", async () => {
        const before = await stored();
        const noToken = await send({ "x-event-namespace": "lowlands-lights-2027" });
        expect([noToken.statusCode, noToken.json().error.code]).toEqual([401, "shop.token.invalid"]);
        const wrongToken = await send({ ...LL_HEADERS, authorization: "Bearer sk_wrong" });
        expect([wrongToken.statusCode, wrongToken.json().error.code]).toEqual([401, "shop.token.invalid"]);
        const noHeaders = await send({});
        expect([noHeaders.statusCode, noHeaders.json().error.code]).toEqual([400, "request.invalid"]);
        expect(await stored()).toBe(before);
      });

      it("refuses a request for another event than the shop's (400 request.invalid) and stores nothing", async () => {
        const before = await stored();
        const other = await send(LL_HEADERS, { ...MAIL, eventNamespace: "northern-nights-2027" });
        expect([other.statusCode, other.json().error.code]).toEqual([400, "request.invalid"]);
        expect(other.json().error.message).toContain("eventNamespace");
        expect(await stored()).toBe(before);
      });

      it("stores a request with the shop's headers (202)", async () => {
        const before = await stored();
        expect((await send(LL_HEADERS)).statusCode).toBe(202);
        expect(await stored()).toBe(before + 1);
      });
    });
  });

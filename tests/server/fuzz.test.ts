import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { openDatabase } from "../../server/db/database.ts";
import { describeRequest, fuzzRequest, type KnownIds } from "./fuzz/arbitraries.ts";
import { discoverRoutes } from "./fuzz/routes.ts";
import { aCartOver, orderCart, shopHeaders } from "../support/server-builders.ts";
import { LL_HEADERS } from "./server-harness.ts";

/**
 * Fuzzes every route the server registers with malformed input: never a 5xx, every 4xx the error envelope (spec §7,
 * §8). Replay with FUZZ_SEED; FUZZ_RUNS sets the runs per route.
 */

/** Routes the server had when this test was written: discovery must find at least these (new ones are fuzzed too). */
const BASELINE_ROUTES = [
  "GET /*",
  "GET /api/init",
  "POST /api/mail/transport-requests",
  "POST /api/newsletter/subscriptions",
  "GET /api/notice",
  "POST /api/v2/carts",
  "GET /api/v2/carts/:cartId",
  "PUT /api/v2/carts/:cartId",
  "POST /api/v2/carts/:cartId/orders",
  "PUT /api/v2/carts/:cartId/products",
  "DELETE /api/v2/carts/:cartId/products/hotel/:travelId",
  "GET /api/v2/carts/:cartId/products/hotel/:travelId",
  "PUT /api/v2/carts/:cartId/products/hotel/:travelId",
  "DELETE /api/v2/carts/:cartId/products/hotel/:travelId/add-ons",
  "PATCH /api/v2/carts/:cartId/products/hotel/:travelId/add-ons",
  "DELETE /api/v2/carts/:cartId/products/hotel/:travelId/extras",
  "POST /api/v2/carts/:cartId/products/hotel/:travelId/extras",
  "PUT /api/v2/carts/:cartId/vouchers",
  "POST /api/v2/get-orders",
  "GET /api/v2/products",
  "GET /api/v2/shop",
  "GET /api/v2/shops",
  "POST /payments/adyen/notifications",
  "GET /payments/adyen/return",
  "GET /test-payments/:paymentId",
  "POST /test-payments/:paymentId",
  "GET /travel-api/:travelId/en/packages",
  "GET /travel-api/:travelId/en/packages/:packageId/options",
  "GET /travel-api/:travelId/en/packages/:packageId/options/extras",
  "GET /travel-api/:travelId/en/settings",
];

/** Routes whose contract answers HTML pages (the built-in test payment provider's page and its 404). */
const HTML_ROUTES = /^\/test-payments\//;

const NUM_RUNS = Number(process.env["FUZZ_RUNS"] ?? 40);
const SEED = process.env["FUZZ_SEED"] === undefined ? undefined : Number(process.env["FUZZ_SEED"]);

// Built at collection time so each discovered route becomes its own test.
const database = await openDatabase({ dataDir: "memory://" });
const app = await buildServer({ db: database.db, rateLimit: false, sweepIntervalMs: 0, allowedRedirectOrigins: ["https://shop.example.com"] });
await app.ready();
await resetDemoCatalogue(database.db);
const routes = discoverRoutes(app);

const call = async (method: string, url: string, payload?: unknown) =>
  app.inject({ method: method as "GET", url, headers: LL_HEADERS, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Real ids for the path parameters: an empty cart, a cart in payment, its payment id, and the demo ids. */
const knownIds = async (): Promise<KnownIds> => {
  const empty = await aCartOver(call).create();
  const paying = await aCartOver(call).withWeekendTickets(1).withDetails().create();
  const order = await orderCart(call, paying, { redirectUri: "https://shop.example.com/ps" });
  const paymentId = String(order.json()?.data?.redirectUri ?? "").split("/").pop() ?? "";
  return {
    ids: [empty, paying, paymentId, "lowlands-lights-2027-travel", "ll_hotel_dunes", "ll_dunes_double", "ll_extra_breakfast", "123456789", "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03", "addon_123456789_ll_extra_breakfast", "ll_ticket_weekend", "lowlands-lights"].filter(Boolean),
    shopHeaders: shopHeaders(),
  };
};
const known = await knownIds();

afterAll(async () => {
  await app.close();
  await database.close();
});

/** Why an answer breaks the contract, or undefined when it keeps it. */
const violation = (path: string, status: number, contentType: string, body: string): string | undefined => {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return undefined;
  if (HTML_ROUTES.test(path) && contentType.startsWith("text/html")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} with a non-JSON body (${contentType}): ${body.slice(0, 200)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== "string" || typeof error.message !== "string") return `answered ${status} without {error:{code,message}}: ${body.slice(0, 200)}`;
  return undefined;
};

describe("every route survives random and malformed input", () => {
  it("refuses text with a NUL character (which PostgreSQL cannot store) with 400 request.invalid, in a path and in a body", async () => {
    for (const request of [
      { method: "GET" as const, url: "/travel-api/%00/en/settings" },
      { method: "POST" as const, url: "/api/v2/get-orders", headers: LL_HEADERS, payload: { reference: "12345\u00006789" } },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: "request.invalid", message: expect.stringContaining("NUL") });
    }
  });

  it("discovers at least the routes the server had when the fuzz test was written", () => {
    const found = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(BASELINE_ROUTES.filter((r) => !found.has(r))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(BASELINE_ROUTES.length);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s never answers 5xx and answers every 4xx with the error envelope", async (_name, route) => {
    const withBody = route.method !== "GET" && route.method !== "DELETE";
    await fc.assert(
      fc.asyncProperty(fuzzRequest(route.path, known, withBody), async (request) => {
        const response = await app.inject({ method: route.method as "GET", url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
        const problem = violation(route.path, response.statusCode, String(response.headers["content-type"] ?? ""), response.body);
        if (problem) throw new Error(`${route.method} ${describeRequest(request)} ${problem}`);
      }),
      { numRuns: NUM_RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  }, 60_000);
});

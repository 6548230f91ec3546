import { Verifier } from "@pact-foundation/pact";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { carts } from "../../server/db/schema.ts";
import { DETAILS, SHOP_HEADERS } from "../support/contract-examples.ts";

const PACT_FILE = path.resolve("contracts/festival-shop-web-shop-api-v2.json");
const RETURN_ORIGIN = "http://localhost:3000";

let database: OpenDatabase;
let app: FastifyInstance;
let baseUrl: string;

/** Calls the running server as a client would. */
const call = async (method: string, url: string, body?: unknown) => {
  const response = await app.inject({ method: method as "GET", url, headers: { ...SHOP_HEADERS, "content-type": "application/json" }, payload: body === undefined ? undefined : JSON.stringify(body) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json() as { data: { id: string } };
};

/** A fresh demo catalogue with one empty cart under the id the contract names. */
const emptyCart = async (cartId: string) => {
  await resetDemoCatalogue(database.db);
  const created = await call("POST", "/api/v2/carts", {});
  await database.db.update(carts).set({ id: cartId }).where(eq(carts.id, created.data.id));
};

const cartIdOf = (params: unknown): string => {
  const cartId = (params as { cartId?: unknown } | undefined)?.cartId;
  if (typeof cartId !== "string") throw new Error("provider state needs a cartId parameter");
  return cartId;
};

/** Provider states of contracts/: each builds the data its interactions need on a freshly seeded demo catalogue. */
const stateHandlers: Record<string, (params?: unknown) => Promise<void>> = {
  "the demo catalogue is published": async () => {
    await resetDemoCatalogue(database.db);
  },
  "an empty cart": async (params) => {
    await emptyCart(cartIdOf(params));
  },
  "a cart with 2 weekend tickets": async (params) => {
    const cartId = cartIdOf(params);
    await emptyCart(cartId);
    await call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
  },
  "a cart with 2 weekend tickets and checkout details": async (params) => {
    const cartId = cartIdOf(params);
    await emptyCart(cartId);
    await call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
    await call("PUT", `/api/v2/carts/${cartId}`, DETAILS);
  },
};

describe("server/ honours the Shop API v2 contract", () => {
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    app = await buildServer({ db: database.db, allowedRedirectOrigins: [RETURN_ORIGIN], sweepIntervalMs: 0 });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has a state handler for every provider state the contracts name", () => {
    const pact = JSON.parse(readFileSync(PACT_FILE, "utf8")) as { interactions: Array<{ providerStates?: Array<{ name: string }> }> };
    const states = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    expect(states.size).toBeGreaterThan(0);
    expect([...states].filter((s) => !(s in stateHandlers))).toEqual([]);
  });

  it("verifies every interaction of contracts/ with Pact's Verifier", async () => {
    await new Verifier({
      provider: "shop-api-v2",
      providerBaseUrl: baseUrl,
      pactUrls: [PACT_FILE],
      stateHandlers: Object.fromEntries(Object.entries(stateHandlers).map(([name, handler]) => [name, (params?: unknown) => handler(params)])),
      logLevel: "warn",
    }).verifyProvider();
  });
});

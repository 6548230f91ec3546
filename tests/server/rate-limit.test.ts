import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freshServer, openPglite, testClock, type TestDatabase } from "./server-harness.ts";

// The per-client API limit of server/app.ts (option rateLimit; server/http/client-rate-limit.ts): per client IP, /api and the other API routes only.
describe("rate limiting of the API", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const dist = mkdtempSync(path.join(tmpdir(), "dist-"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>shop</title>");

  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  afterEach(async () => {
    await app?.close();
  });

  const start = async (timeWindowMs = 60_000) => {
    app = await freshServer(database, testClock().now, { rateLimit: { max: 5, timeWindowMs }, staticDir: dist });
  };
  const shops = (remoteAddress = "127.0.0.1") => app.inject({ method: "GET", url: "/api/v2/shops", remoteAddress });

  it("answers the 6th API call within the window with 429 and the rate.limited envelope", async () => {
    await start();
    for (let i = 0; i < 5; i += 1) expect((await shops()).statusCode).toBe(200);
    const limited = await shops();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: "rate.limited", message: expect.stringContaining("Too many requests") } });
    expect(limited.headers["retry-after"]).toBeDefined();
    // Another client has its own budget.
    expect((await shops("10.0.0.7")).statusCode).toBe(200);
  });

  it("limits order lookups like every API call: guessing order numbers with an e-mail stops at 429", async () => {
    await start();
    const headers = { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9", "content-type": "application/json" };
    const guess = (n: number) =>
      app.inject({ method: "POST", url: "/api/v2/get-orders", headers, payload: { reference: String(100_000_000 + n), consumer_email: "sam.visser@example.com" } });
    for (let i = 0; i < 5; i += 1) expect((await guess(i)).statusCode).toBe(404);
    const limited = await guess(5);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate.limited");
  });

  it("never limits static files or the SPA", async () => {
    await start();
    for (let i = 0; i < 6; i += 1) await shops();
    expect((await shops()).statusCode).toBe(429);
    for (let i = 0; i < 10; i += 1) {
      expect((await app.inject({ method: "GET", url: "/assets/hero-lowlands.svg" })).statusCode).toBe(200);
      const spa = await app.inject({ method: "GET", url: "/lowlands-lights/checkout" });
      expect(spa.statusCode).toBe(200);
      expect(spa.body).toContain("<title>shop</title>");
      expect((await app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    }
  });

  it("answers again once the window has passed", async () => {
    // A 3 s window: the six calls fit in it even on a loaded machine; then wait past it.
    await start(3_000);
    for (let i = 0; i < 5; i += 1) await shops();
    expect((await shops()).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    expect((await shops()).statusCode).toBe(200);
  });
});

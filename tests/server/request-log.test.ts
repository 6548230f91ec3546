import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED } from "../../server/http/log-redaction.ts";
import { freshServer, LL_HEADERS, openPglite, type TestDatabase } from "./server-harness.ts";

/** The JSON lines written to `log` so far. */
const linesOf = (written: string): Array<Record<string, unknown>> =>
  written
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the request log", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const log = new PassThrough();
  let written = "";
  log.on("data", (chunk: Buffer) => void (written += chunk.toString()));

  beforeAll(async () => {
    database = await openPglite();
    app = await freshServer(database, () => new Date(), { rateLimit: false, logger: { stream: log } });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("writes one line per answered request with its method, redacted URL, status and response time", async () => {
    written = "";
    expect((await app.inject({ method: "GET", url: "/api/v2/shop?cartToken=secret-token", headers: LL_HEADERS })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/v2/carts/00000000-0000-4000-8000-000000000000", headers: LL_HEADERS })).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requests = linesOf(written).filter((line) => line["req"] !== undefined || line["res"] !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ msg: "request completed", req: { method: "GET", url: `/api/v2/shop?cartToken=${REDACTED}` }, res: { statusCode: 200 } });
    expect(requests[1]).toMatchObject({ msg: "request completed", req: { method: "GET" }, res: { statusCode: 404 } });
    for (const line of requests) expect(typeof line["responseTime"]).toBe("number");
    expect(written).not.toContain("incoming request");
    expect(written).not.toContain("secret-token");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCartOver, httpShopApi } from "../support/server-builders.ts";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";

/**
 * The per-client cap (spec §5 Quantities, §8 5004) across two server processes on one PostgreSQL: the address holds the
 * cap, never more.
 */
describe("the per-client cap across two server processes on one PostgreSQL", () => {
  let drop: () => Promise<void>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const throwaway = await createThrowawayPostgres(TEST_POSTGRES_URL, "shop_client_holds");
    drop = throwaway.drop;
    const env = { DATABASE_URL: throwaway.url, RATE_LIMIT_PER_MINUTE: "100000", IDENTITY_PROVIDER: "off" };
    // The first process migrates and seeds; the second starts on the ready database.
    servers.push(await startServerProcess(3132, env));
    servers.push(await startServerProcess(3133, env));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await drop?.();
  });

  it("grants one address no more than the ticket cap of 10 across 16 carts filled at once through both processes", async () => {
    const apis = servers.map((server) => httpShopApi(server.origin));
    const carts = await Promise.all(Array.from({ length: 16 }, (_, n) => aCartOver(apis[n % 2]!).create()));
    const answers = await Promise.all(carts.map((id, n) => apis[n % 2]!("PUT", `/api/v2/carts/${id}/products`, { productId: "ll_ticket_weekend", quantity: 1 })));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(10);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect([res.statusCode, res.json().error.code]).toEqual([422, "5004"]);
    const { data } = (await apis[0]!("GET", "/api/v2/products")).json() as { data: Array<{ id: string; stock: number }> };
    expect(data.find((product) => product.id === "ll_ticket_weekend")?.stock).toBe(990);
  }, 120_000);
});

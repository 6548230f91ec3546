import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vouchers } from "../../server/db/schema.ts";
import { LL_HEADERS, openPostgres, suiteServer } from "./server-harness.ts";

// Real PostgreSQL with a pool of 10 connections: one conditional UPDATE decides which cart holds a single-use voucher.
describe("single-use voucher under concurrency on PostgreSQL", () => {
  const server = suiteServer(openPostgres, { rateLimit: false });

  const newCarts = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => (await server.app.inject({ method: "POST", url: "/api/v2/carts", headers: LL_HEADERS, payload: {} })).json().data.id as string),
    );
  const apply = (cartId: string, voucher: string) =>
    server.app.inject({ method: "PUT", url: `/api/v2/carts/${cartId}/vouchers`, headers: LL_HEADERS, payload: { voucher } });

  it("lets exactly one of 30 racing carts apply SUMMER10; the others get 409 voucher.used", async () => {
    const ids = await newCarts(30);
    const answers = await Promise.all(ids.map((id) => apply(id, "SUMMER10")));
    const winners = ids.filter((_, i) => answers[i]!.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: "voucher.used", message: "This voucher code has already been used" } });
    }
    const [row] = await server.database.db.select().from(vouchers).where(eq(vouchers.code, "SUMMER10"));
    expect(row!.heldByCart).toBe(winners[0]);
  });

  it("lets all 30 racing carts apply the multi-use FESTIVAL5", async () => {
    const ids = await newCarts(30);
    const answers = await Promise.all(ids.map((id) => apply(id, "FESTIVAL5")));
    expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
  });
});

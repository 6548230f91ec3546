import { and, eq, sum } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItems, products } from "../../server/db/schema.ts";
import { LL_HEADERS, openPostgres, suiteServer } from "./server-harness.ts";

// Real PostgreSQL with a pool of 10 connections: the conditional update must never oversell. docs/shop-api.md Stock.
describe("stock holds under concurrency on PostgreSQL", () => {
  const server = suiteServer(openPostgres);

  beforeEach(async () => {
    await server.database.db.update(products).set({ stock: 20 }).where(eq(products.id, "ll_extra_locker"));
  });

  const newCarts = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => (await server.app.inject({ method: "POST", url: "/api/v2/carts", headers: LL_HEADERS, payload: {} })).json().data.id as string),
    );
  const put = (cartId: string, quantity: number) =>
    server.app.inject({ method: "PUT", url: `/api/v2/carts/${cartId}/products`, headers: LL_HEADERS, payload: { productId: "ll_extra_locker", quantity } });
  const lockerState = async () => {
    const [row] = await server.database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, "ll_extra_locker")));
    const [held] = await server.database.db.select({ total: sum(cartItems.quantity) }).from(cartItems).where(eq(cartItems.productId, "ll_extra_locker"));
    return { stock: row!.stock, held: Number(held?.total ?? 0) };
  };

  it("lets exactly 20 of 50 racing carts hold one unit of a product with stock 20", async () => {
    const ids = await newCarts(50);
    const answers = await Promise.all(ids.map((id) => put(id, 1)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.json()).toEqual({ error: { code: "5000", message: "This product is sold out." } });
    expect(await lockerState()).toEqual({ stock: 0, held: 20 });
  });

  it("never goes negative and conserves units when carts race with mixed increases and decreases", async () => {
    const ids = await newCarts(30);
    await Promise.all(ids.slice(0, 5).map((id) => put(id, 2)));
    const answers = await Promise.all(ids.map((id, i) => put(id, i < 5 ? 0 : 1 + (i % 4))));
    for (const r of answers) expect([200, 409, 422]).toContain(r.statusCode);
    const state = await lockerState();
    expect(state.stock).toBeGreaterThanOrEqual(0);
    expect(state.stock + state.held).toBe(20);
  });
});

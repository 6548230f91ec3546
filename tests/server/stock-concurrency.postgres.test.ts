import { and, eq, inArray, sum } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItems, carts, products } from "../../server/db/schema.ts";
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

  it("keeps one cart within the ticket cap and conserves every unit when its own writes race", async () => {
    const tickets = ["ll_ticket_weekend", "ll_ticket_saturday", "ll_ticket_camping"];
    const stockOf = async () =>
      Object.fromEntries(
        await Promise.all(
          tickets.map(async (id) => {
            const [row] = await server.database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, id)));
            return [id, row!.stock] as const;
          }),
        ),
      );
    const before = await stockOf();
    const [cartId] = await newCarts(1);
    // Each write alone fits the cap of 10 (maxTicketAmount); together they ask for far more.
    const writes = Array.from({ length: 24 }, (_, i) => ({ productId: tickets[i % 3]!, quantity: 1 + (i % 6) }));
    const answers = await Promise.all(
      writes.map((w) => server.app.inject({ method: "PUT", url: `/api/v2/carts/${cartId}/products`, headers: LL_HEADERS, payload: w })),
    );
    for (const r of answers) {
      expect([200, 422]).toContain(r.statusCode);
      if (r.statusCode === 422) expect(r.json().error.code).toBe("5004");
      else expect(Object.values(r.json().data.products as Record<string, number>).reduce((n, q) => n + q, 0)).toBeLessThanOrEqual(10);
    }
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    const lines = await server.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId!));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBeLessThanOrEqual(10);
    const after = await stockOf();
    for (const id of tickets) expect(after[id]! + (lines.find((l) => l.productId === id)?.quantity ?? 0)).toBe(before[id]);
    const view = (await server.app.inject({ method: "GET", url: `/api/v2/carts/${cartId}`, headers: LL_HEADERS })).json().data;
    expect(view.products).toEqual(Object.fromEntries(lines.map((l) => [l.productId, l.quantity])));
  });

  it("reads a cart without locking it: GETs racing the cart's own writes change no version and every write lands", async () => {
    const [cartId] = await newCarts(1);
    const version = async () => (await server.database.db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId!)))[0]!.version;
    const reads = Array.from({ length: 20 }, () => server.app.inject({ method: "GET", url: `/api/v2/carts/${cartId}`, headers: LL_HEADERS }));
    expect((await Promise.all(reads)).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await version()).toBe(0);
    for (const quantity of [1, 2, 3]) {
      const [write, ...more] = await Promise.all([
        put(cartId!, quantity),
        ...Array.from({ length: 5 }, () => server.app.inject({ method: "GET", url: `/api/v2/carts/${cartId}`, headers: LL_HEADERS })),
      ]);
      expect(write!.statusCode).toBe(200);
      expect(write!.json().data.products).toEqual({ ll_extra_locker: quantity });
      for (const r of more) expect([{}, { ll_extra_locker: quantity - 1 }, { ll_extra_locker: quantity }]).toContainEqual(r.json().data.products);
    }
    // One optimistic write each, nothing else: the reads bumped nothing.
    expect(await version()).toBe(3);
    expect(await lockerState()).toEqual({ stock: 17, held: 3 });
  });

  it("conserves every unit, never goes negative and keeps each cart within the ticket cap, whatever writes race (property)", async () => {
    const PRODUCTS = ["ll_extra_locker", "ll_ticket_weekend", "ll_ticket_saturday"];
    const write = fc.record({ cart: fc.nat({ max: 5 }), product: fc.constantFrom(...PRODUCTS), quantity: fc.nat({ max: 7 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 40 }), fc.array(fc.nat({ max: 6 }), { minLength: 3, maxLength: 3 }), async (writes, stocks) => {
        for (const [i, id] of PRODUCTS.entries()) {
          await server.database.db.update(products).set({ stock: stocks[i]! }).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, id)));
        }
        const ids = await newCarts(6);
        const answers = await Promise.all(
          writes.map((w) =>
            server.app.inject({ method: "PUT", url: `/api/v2/carts/${ids[w.cart]}/products`, headers: LL_HEADERS, payload: { productId: w.product, quantity: w.quantity } }),
          ),
        );
        for (const r of answers) expect([200, 409, 422]).toContain(r.statusCode);
        const lines = await server.database.db.select().from(cartItems).where(inArray(cartItems.cartId, ids));
        for (const [i, id] of PRODUCTS.entries()) {
          const [row] = await server.database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, id)));
          expect(row!.stock).toBeGreaterThanOrEqual(0);
          expect(row!.stock + lines.filter((l) => l.productId === id).reduce((n, l) => n + l.quantity, 0)).toBe(stocks[i]);
        }
        for (const cartId of ids) {
          const tickets = lines.filter((l) => l.cartId === cartId && l.productId.startsWith("ll_ticket_")).reduce((n, l) => n + l.quantity, 0);
          expect(tickets).toBeLessThanOrEqual(10);
        }
      }),
      { numRuns: 25 },
    );
  });
});

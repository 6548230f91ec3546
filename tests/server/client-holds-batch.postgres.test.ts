import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readCartContents, type CartLineChange, type CartRow } from "../../server/cart/cart-store.ts";
import { changeCartLinesWithinClientCaps } from "../../server/cart/client-holds.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { queryRows } from "../../server/db/raw-rows.ts";
import { openPostgres, type TestDatabase } from "./server-harness.ts";

const SHOP = "lowlands-lights";
const TICKET = "ll_ticket_weekend";
const NOW = new Date("2027-06-01T12:00:00.000Z");

let database: TestDatabase;
beforeAll(async () => {
  database = await openPostgres();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(() => resetDemoCatalogue(database.db));

const newCart = async (holder: string): Promise<CartRow> => {
  const id = randomUUID();
  await database.db.execute(
    sql`insert into carts (id, shop_slug, status, expires_at, created_at, holder) values (${id}, ${SHOP}, 'shopping', ${new Date(NOW.getTime() + 900_000).toISOString()}, ${NOW.toISOString()}, ${holder})`,
  );
  return (await readCartContents(database.db, [{ shopSlug: SHOP, cartId: id }]))[0]!.cart!;
};

const hold = (cart: CartRow, quantity: number, clientCap: number): CartLineChange => ({ cart, productId: TICKET, quantity, delta: quantity, now: NOW, clientCap });

describe("the per-client cap of a batch of holds (PostgreSQL)", () => {
  it("locks the holders of a batch of many clients in one statement (five round trips) and keeps each client within its cap", async () => {
    const others = await Promise.all(Array.from({ length: 30 }, (_, n) => newCart(`holder-${n}`)));
    const [a1, a2, a3] = [await newCart("holder-a"), await newCart("holder-a"), await newCart("holder-a")];
    const query = vi.spyOn(pg.Client.prototype, "query");
    let outcomes;
    try {
      outcomes = await changeCartLinesWithinClientCaps(database.db, [hold(a1!, 2, 4), ...others.map((cart) => hold(cart, 1, 4)), hold(a2!, 2, 4), hold(a3!, 1, 4)]);
      // begin, the holders' locks, what they hold, the line change, commit.
      expect(query.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      query.mockRestore();
    }
    expect(outcomes).toEqual(["done", ...others.map(() => "done"), "done", "overCap"]);
    const held = await queryRows<{ holder: string; n: number }>(
      database.db,
      sql`select c.holder, sum(i.quantity)::int as n from carts c join cart_items i on i.cart_id = c.id group by c.holder`,
    );
    expect(new Map(held.map((r) => [r.holder, Number(r.n)]))).toEqual(new Map([["holder-a", 4], ...others.map((_, n) => [`holder-${n}`, 1] as const)]));
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCartBatches, MAX_BATCH } from "../../server/cart/cart-batches.ts";
import type { CartRow } from "../../server/cart/cart-store.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { queryRows } from "../../server/db/raw-rows.ts";
import { openPglite } from "./server-harness.ts";

const database = await openPglite();
afterAll(() => database.dispose());
const db = database.db;
const SHOP = "lowlands-lights";
const TICKET = "ll_ticket_weekend";
const NOW = new Date("2027-06-01T12:00:00.000Z");

const cartRow = (overrides: Partial<CartRow> = {}): CartRow => ({
  id: randomUUID(),
  shopSlug: SHOP,
  status: "shopping",
  expiresAt: new Date(NOW.getTime() + 900_000),
  details: null,
  createdAt: NOW,
  cartToken: null,
  paymentQueueToken: null,
  voucherCode: null,
  addOnReference: null,
  ...overrides,
});

describe("coalesced cart statements (cart-batches)", () => {
  beforeEach(() => resetDemoCatalogue(db));

  it("stores every cart created in one turn with one INSERT, each row as given", async () => {
    const execute = vi.spyOn(db, "execute");
    const rows = Array.from({ length: 40 }, (_, i) => cartRow({ paymentQueueToken: i % 2 === 0 ? `queue-${i}` : null, cartToken: i === 3 ? "ct_three" : null }));
    try {
      const batches = makeCartBatches(db);
      await Promise.all(rows.map((row) => batches.insertCart(row)));
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
    const stored = await queryRows<{ id: string; status: string; expires_at: string; payment_queue_token: string | null; cart_token: string | null }>(
      db,
      sql`select id, status, expires_at, payment_queue_token, cart_token from carts`,
    );
    expect(stored).toHaveLength(40);
    for (const row of rows) {
      const found = stored.find((s) => s.id === row.id);
      expect(found?.status).toBe("shopping");
      expect(new Date(found?.expires_at ?? "").getTime()).toBe(row.expiresAt.getTime());
      expect(found?.payment_queue_token).toBe(row.paymentQueueToken);
      expect(found?.cart_token).toBe(row.cartToken);
    }
  });

  it(`splits a burst larger than MAX_BATCH (${MAX_BATCH}) into several statements and stores all`, async () => {
    const execute = vi.spyOn(db, "execute");
    try {
      const batches = makeCartBatches(db);
      await Promise.all(Array.from({ length: MAX_BATCH + 1 }, () => batches.insertCart(cartRow())));
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      execute.mockRestore();
    }
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from carts`);
    expect(count?.n).toBe(MAX_BATCH + 1);
  });

  it("answers each pre-check of one turn for its own cart and product, with one statement per product", async () => {
    const batches = makeCartBatches(db);
    const holding = cartRow();
    const empty = cartRow();
    const tokened = cartRow({ cartToken: "ct_secret" });
    for (const row of [holding, empty, tokened]) await batches.insertCart(row);
    await db.execute(sql`insert into cart_items (cart_id, product_id, quantity) values (${holding.id}, ${TICKET}, 2)`);
    await db.execute(sql`update products set stock = 7 where shop_slug = ${SHOP} and id = ${TICKET}`);
    const unknownCart = randomUUID();

    const execute = vi.spyOn(db, "execute");
    let answers;
    try {
      answers = await Promise.all([
        batches.holdPrecheck({ shopSlug: SHOP, productId: TICKET, cartId: holding.id.toUpperCase() }),
        batches.holdPrecheck({ shopSlug: SHOP, productId: TICKET, cartId: empty.id }),
        batches.holdPrecheck({ shopSlug: SHOP, productId: TICKET, cartId: tokened.id }),
        batches.holdPrecheck({ shopSlug: SHOP, productId: TICKET, cartId: unknownCart }),
        batches.holdPrecheck({ shopSlug: SHOP, productId: "no_such_product", cartId: empty.id }),
        batches.holdPrecheck({ shopSlug: "northern-nights", productId: TICKET, cartId: empty.id }),
      ]);
      // One statement per (shop, product) group of the turn: ll_ticket_weekend, no_such_product, northern-nights' ll_ticket_weekend.
      expect(execute).toHaveBeenCalledTimes(3);
    } finally {
      execute.mockRestore();
    }
    expect(answers).toEqual([
      { stock: 7, soldOut: false, held: 2, cartToken: null },
      { stock: 7, soldOut: false, held: null, cartToken: null },
      { stock: 7, soldOut: false, held: null, cartToken: "ct_secret" },
      { stock: 7, soldOut: false, held: null, cartToken: null },
      undefined,
      undefined,
    ]);
  });

  it("rejects every request of a failed statement with the driver's error", async () => {
    const batches = makeCartBatches(db);
    const row = cartRow();
    await batches.insertCart(row);
    const results = await Promise.allSettled([batches.insertCart(row), batches.insertCart(cartRow())]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from carts`);
    expect(count?.n).toBe(1);
  });
});

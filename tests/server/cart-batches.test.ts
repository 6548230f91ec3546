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
  shippingCountry: null,
  addOnReference: null,
  upgradeOrderId: null,
  version: 0,
  holdExtensions: 0,
  ownerIssuer: null,
  ownerSub: null,
  holdEndsAt: null,
  holder: null,
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

  it("reads every cart of one turn with one statement, each answer for its own cart, shop and product", async () => {
    const batches = makeCartBatches(db);
    const holding = cartRow();
    const empty = cartRow();
    const tokened = cartRow({ cartToken: "ct_secret", version: 4 });
    for (const row of [holding, empty, tokened]) await batches.insertCart(row);
    await db.execute(sql`insert into cart_items (cart_id, product_id, quantity) values (${holding.id}, ${TICKET}, 2), (${holding.id}, 'll_tshirt_m', 1)`);
    await db.execute(sql`update products set stock = 7 where shop_slug = ${SHOP} and id = ${TICKET}`);
    const unknownCart = randomUUID();

    const execute = vi.spyOn(db, "execute");
    let answers;
    try {
      answers = await Promise.all([
        batches.cartContents({ shopSlug: SHOP, productId: TICKET, cartId: holding.id.toUpperCase() }),
        batches.cartContents({ shopSlug: SHOP, productId: TICKET, cartId: empty.id }),
        batches.cartContents({ shopSlug: SHOP, productId: TICKET, cartId: tokened.id }),
        batches.cartContents({ shopSlug: SHOP, productId: TICKET, cartId: unknownCart }),
        batches.cartContents({ shopSlug: SHOP, productId: "no_such_product", cartId: empty.id }),
        batches.cartContents({ shopSlug: "northern-nights", productId: TICKET, cartId: empty.id }),
      ]);
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
    const [held, fresh, withToken, unknown, noProduct, otherShop] = answers;
    expect(held?.cart).toEqual(holding);
    expect(held?.lines).toEqual({ [TICKET]: 2, ll_tshirt_m: 1 });
    expect([...(held?.products.keys() ?? [])].sort()).toEqual([TICKET, "ll_tshirt_m"]);
    expect(held?.products.get(TICKET)?.stock).toBe(7);
    expect(held?.hotels).toEqual([]);
    expect(fresh).toEqual({ cart: empty, lines: {}, products: new Map([[TICKET, held!.products.get(TICKET)!]]), hotels: [] });
    expect(withToken?.cart).toEqual(tokened);
    expect(withToken?.products.get(TICKET)?.stock).toBe(7);
    expect(unknown?.cart).toBeUndefined();
    expect(unknown?.lines).toEqual({});
    expect(noProduct?.cart).toEqual(empty);
    expect(noProduct?.products.size).toBe(0);
    // Products are the asking shop's: northern-nights has no ll_ticket_weekend (the service answers 404 for the foreign cart).
    expect(otherShop?.cart?.shopSlug).toBe(SHOP);
    expect(otherShop?.products.size).toBe(0);
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

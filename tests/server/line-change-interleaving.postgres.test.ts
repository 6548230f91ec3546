import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeCartLines, lockCart, readCartContents, type CartRow } from "../../server/cart/cart-store.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { queryRows } from "../../server/db/raw-rows.ts";
import { openPostgres, type TestDatabase } from "./server-harness.ts";

// found 1: a release committed by another connection while changeCartLines waits for the product row lock
// must neither lose units nor leave the statement half applied. A second pg connection holds the release in an open
// transaction; the line change queues behind it; the release commits; every unit must still be accounted for.
const SHOP = "lowlands-lights";
const LOCKER = "ll_extra_locker";
const NOW = new Date("2027-06-01T12:00:00.000Z");

let database: TestDatabase;
let other: pg.Client;
beforeAll(async () => {
  database = await openPostgres();
  other = new pg.Client({ connectionString: connectionStringOf(database) });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await database?.dispose();
});

/** The connection string of the test database's pool (the second connection joins the same database). */
const connectionStringOf = (db: TestDatabase): string => (db.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;

const newCart = async (): Promise<CartRow> => {
  const id = randomUUID();
  await database.db.execute(
    sql`insert into carts (id, shop_slug, status, expires_at, created_at) values (${id}, ${SHOP}, 'shopping', ${new Date(NOW.getTime() + 900_000).toISOString()}, ${NOW.toISOString()})`,
  );
  return (await readCartContents(database.db, [{ shopSlug: SHOP, cartId: id }]))[0]!.cart!;
};
const setLine = (cartId: string, quantity: number) =>
  database.db.execute(sql`insert into cart_items (cart_id, product_id, quantity) values (${cartId}, ${LOCKER}, ${quantity})`);
const setStock = (stock: number) => database.db.execute(sql`update products set stock = ${stock} where shop_slug = ${SHOP} and id = ${LOCKER}`);
const units = async () => {
  const [row] = await queryRows<{ stock: number; held: number }>(
    database.db,
    sql`select p.stock, coalesce((select sum(quantity) from cart_items where product_id = ${LOCKER}), 0)::int as held from products p where p.shop_slug = ${SHOP} and p.id = ${LOCKER}`,
  );
  return { stock: Number(row!.stock), held: Number(row!.held) };
};
const lineOf = async (cartId: string) =>
  (await queryRows<{ quantity: number }>(database.db, sql`select quantity from cart_items where cart_id = ${cartId} and product_id = ${LOCKER}`))[0]?.quantity ?? 0;

/** Releases `cart`'s `quantity` units in an open transaction of the second connection; answers commit(). */
const openRelease = async (cart: CartRow, quantity: number) => {
  await other.query("begin");
  await other.query("update carts set version = version + 1 where id = $1", [cart.id]);
  await other.query("update products set stock = stock + $1 where shop_slug = $2 and id = $3", [quantity, SHOP, LOCKER]);
  await other.query("delete from cart_items where cart_id = $1 and product_id = $2", [cart.id, LOCKER]);
  return { commit: () => other.query("commit") };
};
/** Waits until a backend of the test database waits for a lock (the line change queued behind the open release); false when none did within `ms`. */
const waitedForLock = async (ms = 2000) => {
  for (let waited = 0; waited < ms; waited += 10) {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (Number(row!.n) > 0) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
};
const untilWaitingForLock = async () => {
  if (!(await waitedForLock())) throw new Error("the line change never waited for the product row lock");
};

describe("changeCartLines against a release committed while it waits for the product row (PostgreSQL)", () => {
  beforeEach(async () => {
    await resetDemoCatalogue(database.db);
  });

  it("K1 holds 2, K2 holds 3, stock 0: K1's release commits while [K2 release 1, K3 hold 2] waits; all 5 units stay accounted for", async () => {
    const [k1, k2, k3] = [await newCart(), await newCart(), await newCart()];
    await setStock(0);
    await setLine(k1.id, 2);
    await setLine(k2.id, 3);
    const release = await openRelease(k1, 2);
    const change = changeCartLines(database.db, [
      { cart: k2, productId: LOCKER, quantity: 2, delta: -1, now: NOW },
      { cart: k3, productId: LOCKER, quantity: 2, delta: 2, now: NOW },
    ]);
    await untilWaitingForLock();
    await release.commit();
    const outcomes = await change;
    const after = await units();
    expect(after.stock).toBeGreaterThanOrEqual(0);
    expect(after.stock + after.held).toBe(5);
    // Each answer is true of the database: a done release lowered its line, a done hold wrote its line.
    expect(await lineOf(k2.id)).toBe(outcomes[0] === "done" ? 2 : 3);
    expect(await lineOf(k3.id)).toBe(outcomes[1] === "done" ? 2 : 0);
    // The hold fits the 2 units the release gave back (the locked row), so nothing needs to be decided again.
    expect(outcomes).toEqual(["done", "done"]);
    expect(after).toEqual({ stock: 1, held: 4 });
  });

  it("a hold decided under the cart lock sees the row version it locked: it lands, and never answers changed", async () => {
    const [k1, k2] = [await newCart(), await newCart()];
    await setStock(0);
    await setLine(k1.id, 3);
    const release = await openRelease(k1, 3);
    const change = database.db.transaction(async (tx) => {
      const cart = await lockCart(tx, k2.id);
      return changeCartLines(tx, [{ cart: cart!, productId: LOCKER, quantity: 2, delta: 2, now: NOW }]);
    });
    await untilWaitingForLock();
    await release.commit();
    expect(await change).toEqual(["done"]);
    expect(await units()).toEqual({ stock: 1, held: 2 });
  });

  it("a release queued behind another release gives its units back on the newest row version", async () => {
    const [k1, k2] = [await newCart(), await newCart()];
    await setStock(1);
    await setLine(k1.id, 2);
    await setLine(k2.id, 2);
    const release = await openRelease(k1, 2);
    const change = changeCartLines(database.db, [{ cart: k2, productId: LOCKER, quantity: 0, delta: -2, now: NOW }]);
    await untilWaitingForLock();
    await release.commit();
    expect(await change).toEqual(["done"]);
    expect(await units()).toEqual({ stock: 5, held: 0 });
  });

  it("whatever batch of holds, releases and same-cart changes queues behind a committing release, every unit stays accounted for and every answer is true (property)", async () => {
    const CARTS = 4;
    const change = fc.record({ cart: fc.nat({ max: CARTS - 1 }), quantity: fc.nat({ max: 5 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 3 }),
        fc.array(fc.nat({ max: 4 }), { minLength: CARTS, maxLength: CARTS }),
        fc.nat({ max: CARTS - 1 }),
        fc.array(change, { minLength: 1, maxLength: 6 }),
        async (stock, held, releasing, batch) => {
          await database.db.execute(sql`delete from cart_items`);
          await setStock(stock);
          const carts: CartRow[] = [];
          for (let i = 0; i < CARTS; i += 1) {
            carts.push(await newCart());
            if (held[i]! > 0) await setLine(carts[i]!.id, held[i]!);
          }
          const total = stock + held.reduce((a, b) => a + b, 0);
          // Changes read before the release: each asks its cart's new quantity against the quantity it read.
          const asked = batch
            .map((c) => ({ cart: carts[c.cart]!, productId: LOCKER, quantity: c.quantity, delta: c.quantity - held[c.cart]!, now: NOW, index: c.cart }))
            .filter((c) => c.delta !== 0);
          fc.pre(asked.length > 0);
          const release = held[releasing]! > 0 ? await openRelease(carts[releasing]!, held[releasing]!) : undefined;
          const outcomes = changeCartLines(database.db, asked);
          if (release) {
            await waitedForLock(300);
            await release.commit();
          }
          const answered = await outcomes;
          const after = await units();
          expect(after.stock).toBeGreaterThanOrEqual(0);
          expect(after.stock + after.held).toBe(total);
          for (const [n, c] of asked.entries()) {
            // A done change is what the cart holds now (one change per cart passes its guard); a cart without a done
            // change holds what it held, or nothing when its release committed.
            const line = await lineOf(c.cart.id);
            if (answered[n] === "done") expect(line).toBe(c.quantity);
            else if (!asked.some((other, m) => other.index === c.index && answered[m] === "done")) {
              expect(line).toBe(release && c.index === releasing ? 0 : held[c.index]);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("commits a batch with a release synchronously and a batch of holds alone without waiting for the flush (durability)", async () => {
    const [k1, k2] = [await newCart(), await newCart()];
    await setStock(5);
    await setLine(k1.id, 2);
    const commitMode = (changes: Parameters<typeof changeCartLines>[1]) =>
      database.db.transaction(async (tx) => {
        await changeCartLines(tx, changes);
        return (await queryRows<{ mode: string }>(tx, sql`select current_setting('synchronous_commit') as mode`))[0]!.mode;
      });
    expect(await commitMode([{ cart: k2, productId: LOCKER, quantity: 1, delta: 1, now: NOW }])).toBe("off");
    expect(await commitMode([{ cart: k1, productId: LOCKER, quantity: 0, delta: -2, now: NOW }])).toBe("on");
    const [later] = (await readCartContents(database.db, [{ shopSlug: SHOP, cartId: k2.id }])).map((c) => c.cart!);
    expect(await commitMode([{ cart: later!, productId: LOCKER, quantity: 0, delta: -1, now: NOW }, { cart: k1, productId: LOCKER, quantity: 1, delta: 1, now: NOW }])).toBe("on");
  });
});

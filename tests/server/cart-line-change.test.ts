import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { changeCartLines, lockCart, readCartContents, type CartLineChange, type CartRow } from "../../server/cart/cart-store.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { queryRows } from "../../server/db/raw-rows.ts";
import { openPglite } from "./server-harness.ts";

// The optimistic write of PUT /carts/{id}/products (docs/shop-api.md Stock): one statement per batch, each change guarded by its cart's version.
const database = await openPglite();
afterAll(() => database.dispose());
const db = database.db;
const SHOP = "lowlands-lights";
const LOCKER = "ll_extra_locker";
const NOW = new Date("2027-06-01T12:00:00.000Z");

const newCart = async (overrides: Partial<CartRow> = {}): Promise<CartRow> => {
  const id = randomUUID();
  const status = overrides.status ?? "shopping";
  const expiresAt = overrides.expiresAt ?? new Date(NOW.getTime() + 900_000);
  await db.execute(sql`insert into carts (id, shop_slug, status, expires_at, created_at) values (${id}, ${SHOP}, ${status}, ${expiresAt.toISOString()}, ${NOW.toISOString()})`);
  const [contents] = await readCartContents(db, [{ shopSlug: SHOP, cartId: id, productId: LOCKER }]);
  return contents!.cart!;
};

/** One change as its own batch. */
const changeOne = async (change: CartLineChange) => (await changeCartLines(db, [change]))[0];

const state = async (cartId: string) => {
  const [product] = await queryRows<{ stock: number }>(db, sql`select stock from products where shop_slug = ${SHOP} and id = ${LOCKER}`);
  const lines = await queryRows<{ quantity: number }>(db, sql`select quantity from cart_items where cart_id = ${cartId} and product_id = ${LOCKER}`);
  const [cart] = await queryRows<{ version: number }>(db, sql`select version from carts where id = ${cartId}`);
  return { stock: product!.stock, line: lines[0]?.quantity ?? 0, version: cart!.version };
};

describe("changeCartLines: one guarded statement per batch of line changes", () => {
  beforeEach(async () => {
    await resetDemoCatalogue(db);
    await db.execute(sql`update products set stock = 5 where shop_slug = ${SHOP} and id = ${LOCKER}`);
  });

  it("holds stock and sets the line while the cart is at the version read, bumping the version", async () => {
    const cart = await newCart();
    expect(await changeOne({ cart, productId: LOCKER, quantity: 3, delta: 3, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 2, line: 3, version: cart.version + 1 });
  });

  it("changes nothing when another change moved the version since the read", async () => {
    const cart = await newCart();
    await db.execute(sql`update carts set version = version + 1 where id = ${cart.id}`);
    expect(await changeOne({ cart, productId: LOCKER, quantity: 2, delta: 2, now: NOW })).toBe("changed");
    expect(await state(cart.id)).toEqual({ stock: 5, line: 0, version: cart.version + 1 });
  });

  it("changes nothing on a cart that expired by now or is no longer shopping", async () => {
    const expiring = await newCart({ expiresAt: NOW });
    expect(await changeOne({ cart: expiring, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("changed");
    const paying = await newCart({ status: "in_payment" });
    expect(await changeOne({ cart: paying, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("changed");
    expect((await state(expiring.id)).stock).toBe(5);
    expect(await state(paying.id)).toEqual({ stock: 5, line: 0, version: paying.version });
  });

  it("answers soldOut and holds nothing when fewer units are left than the increase", async () => {
    const cart = await newCart();
    expect(await changeOne({ cart, productId: LOCKER, quantity: 6, delta: 6, now: NOW })).toBe("soldOut");
    const after = await state(cart.id);
    expect({ stock: after.stock, line: after.line }).toEqual({ stock: 5, line: 0 });
  });

  it("gives stock back for a lowered or removed line, and nothing for a line it did not change", async () => {
    const cart = await newCart();
    expect(await changeOne({ cart, productId: LOCKER, quantity: 4, delta: 4, now: NOW })).toBe("done");
    const held = { ...cart, version: cart.version + 1 };
    expect(await changeOne({ cart: held, productId: LOCKER, quantity: 1, delta: -3, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 4, line: 1, version: cart.version + 2 });
    const lowered = { ...cart, version: cart.version + 2 };
    expect(await changeOne({ cart: lowered, productId: LOCKER, quantity: 0, delta: -1, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 5, line: 0, version: cart.version + 3 });
    // No line left: the release finds nothing to change and gives no stock back.
    const emptied = { ...cart, version: cart.version + 3 };
    expect(await changeOne({ cart: emptied, productId: LOCKER, quantity: 0, delta: -1, now: NOW })).toBe("changed");
    expect((await state(cart.id)).stock).toBe(5);
  });

  it("lockCart bumps the version, so a read taken before a locked change no longer writes", async () => {
    const cart = await newCart();
    const locked = await db.transaction((tx) => lockCart(tx, cart.id));
    expect(locked?.version).toBe(cart.version + 1);
    expect(await changeOne({ cart, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("changed");
    expect(await changeOne({ cart: locked!, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 4, line: 1, version: cart.version + 2 });
  });

  it("grants the holds of one batch in request order while the stock lasts, updating the product once", async () => {
    const carts = [await newCart(), await newCart(), await newCart(), await newCart()];
    const outcomes = await changeCartLines(
      db,
      [2, 2, 2, 1].map((quantity, i) => ({ cart: carts[i]!, productId: LOCKER, quantity, delta: quantity, now: NOW })),
    );
    // 2 + 2 fit the 5 units; the third (6 > 5) and everything behind it go to the locked path.
    expect(outcomes).toEqual(["done", "done", "changed", "changed"]);
    expect((await state(carts[0]!.id)).stock).toBe(1);
    expect((await Promise.all(carts.map((c) => state(c.id)))).map((s) => s.line)).toEqual([2, 2, 0, 0]);
  });

  it("answers soldOut only for a hold that alone asks more than the stock; a hold behind it is decided again", async () => {
    const [greedy, modest] = [await newCart(), await newCart()];
    const outcomes = await changeCartLines(db, [
      { cart: greedy, productId: LOCKER, quantity: 6, delta: 6, now: NOW },
      { cart: modest, productId: LOCKER, quantity: 1, delta: 1, now: NOW },
    ]);
    expect(outcomes).toEqual(["soldOut", "changed"]);
    expect(await state(modest.id)).toMatchObject({ stock: 5, line: 0 });
  });

  it("lets one of two changes of the same cart in one batch pass its guard, moving stock for that one only", async () => {
    const cart = await newCart();
    const outcomes = await changeCartLines(db, [
      { cart, productId: LOCKER, quantity: 1, delta: 1, now: NOW },
      { cart, productId: LOCKER, quantity: 3, delta: 3, now: NOW },
    ]);
    expect([...outcomes].sort()).toEqual(["changed", "done"]);
    const after = await state(cart.id);
    expect(after.stock + after.line).toBe(5);
    expect(after.line).toBe(outcomes[0] === "done" ? 1 : 3);
    expect(after.version).toBe(cart.version + 1);
  });

  it("gives back released units and holds new ones of several products in one batch, conserving every unit", async () => {
    await db.execute(sql`update products set stock = 3 where shop_slug = ${SHOP} and id = 'll_tshirt_m'`);
    const [leaving, staying, arriving] = [await newCart(), await newCart(), await newCart()];
    expect(await changeOne({ cart: leaving, productId: LOCKER, quantity: 4, delta: 4, now: NOW })).toBe("done");
    expect(await changeOne({ cart: staying, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("done");
    const bumped = (cart: CartRow) => ({ ...cart, version: cart.version + 1 });
    const outcomes = await changeCartLines(db, [
      { cart: bumped(leaving), productId: LOCKER, quantity: 0, delta: -4, now: NOW },
      { cart: bumped(staying), productId: LOCKER, quantity: 0, delta: -1, now: NOW },
      { cart: arriving, productId: "ll_tshirt_m", quantity: 2, delta: 2, now: NOW },
    ]);
    expect(outcomes).toEqual(["done", "done", "done"]);
    expect(await state(leaving.id)).toMatchObject({ stock: 5, line: 0 });
    expect((await state(staying.id)).line).toBe(0);
    const [shirt] = await queryRows<{ stock: number }>(db, sql`select stock from products where shop_slug = ${SHOP} and id = 'll_tshirt_m'`);
    expect(shirt?.stock).toBe(1);
    const lines = await queryRows<{ quantity: number }>(db, sql`select quantity from cart_items where cart_id = ${arriving.id} and product_id = 'll_tshirt_m'`);
    expect(lines).toEqual([{ quantity: 2 }]);
  });
});

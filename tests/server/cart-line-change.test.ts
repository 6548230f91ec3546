import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { changeCartLine, lockCart, readCartContents, type CartRow } from "../../server/cart/cart-store.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { queryRows } from "../../server/db/raw-rows.ts";
import { openPglite } from "./server-harness.ts";

// The optimistic write of PUT /carts/{id}/products (docs/shop-api.md Stock): one statement, guarded by the cart's version.
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

const state = async (cartId: string) => {
  const [product] = await queryRows<{ stock: number }>(db, sql`select stock from products where shop_slug = ${SHOP} and id = ${LOCKER}`);
  const lines = await queryRows<{ quantity: number }>(db, sql`select quantity from cart_items where cart_id = ${cartId} and product_id = ${LOCKER}`);
  const [cart] = await queryRows<{ version: number }>(db, sql`select version from carts where id = ${cartId}`);
  return { stock: product!.stock, line: lines[0]?.quantity ?? 0, version: cart!.version };
};

describe("changeCartLine: one guarded statement per line change", () => {
  beforeEach(async () => {
    await resetDemoCatalogue(db);
    await db.execute(sql`update products set stock = 5 where shop_slug = ${SHOP} and id = ${LOCKER}`);
  });

  it("holds stock and sets the line while the cart is at the version read, bumping the version", async () => {
    const cart = await newCart();
    expect(await changeCartLine(db, { cart, productId: LOCKER, quantity: 3, delta: 3, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 2, line: 3, version: cart.version + 1 });
  });

  it("changes nothing when another change moved the version since the read", async () => {
    const cart = await newCart();
    await db.execute(sql`update carts set version = version + 1 where id = ${cart.id}`);
    expect(await changeCartLine(db, { cart, productId: LOCKER, quantity: 2, delta: 2, now: NOW })).toBe("changed");
    expect(await state(cart.id)).toEqual({ stock: 5, line: 0, version: cart.version + 1 });
  });

  it("changes nothing on a cart that expired by now or is no longer shopping", async () => {
    const expiring = await newCart({ expiresAt: NOW });
    expect(await changeCartLine(db, { cart: expiring, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("changed");
    const paying = await newCart({ status: "in_payment" });
    expect(await changeCartLine(db, { cart: paying, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("changed");
    expect((await state(expiring.id)).stock).toBe(5);
    expect(await state(paying.id)).toEqual({ stock: 5, line: 0, version: paying.version });
  });

  it("answers soldOut and holds nothing when fewer units are left than the increase", async () => {
    const cart = await newCart();
    expect(await changeCartLine(db, { cart, productId: LOCKER, quantity: 6, delta: 6, now: NOW })).toBe("soldOut");
    const after = await state(cart.id);
    expect({ stock: after.stock, line: after.line }).toEqual({ stock: 5, line: 0 });
  });

  it("gives stock back for a lowered or removed line, and nothing for a line it did not change", async () => {
    const cart = await newCart();
    expect(await changeCartLine(db, { cart, productId: LOCKER, quantity: 4, delta: 4, now: NOW })).toBe("done");
    const held = { ...cart, version: cart.version + 1 };
    expect(await changeCartLine(db, { cart: held, productId: LOCKER, quantity: 1, delta: -3, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 4, line: 1, version: cart.version + 2 });
    const lowered = { ...cart, version: cart.version + 2 };
    expect(await changeCartLine(db, { cart: lowered, productId: LOCKER, quantity: 0, delta: -1, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 5, line: 0, version: cart.version + 3 });
    // No line left: the release finds nothing to change and gives no stock back.
    const emptied = { ...cart, version: cart.version + 3 };
    expect(await changeCartLine(db, { cart: emptied, productId: LOCKER, quantity: 0, delta: -1, now: NOW })).toBe("changed");
    expect((await state(cart.id)).stock).toBe(5);
  });

  it("lockCart bumps the version, so a read taken before a locked change no longer writes", async () => {
    const cart = await newCart();
    const locked = await db.transaction((tx) => lockCart(tx, cart.id));
    expect(locked?.version).toBe(cart.version + 1);
    expect(await changeCartLine(db, { cart, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("changed");
    expect(await changeCartLine(db, { cart: locked!, productId: LOCKER, quantity: 1, delta: 1, now: NOW })).toBe("done");
    expect(await state(cart.id)).toEqual({ stock: 4, line: 1, version: cart.version + 2 });
  });
});

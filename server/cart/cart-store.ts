import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { cartItems, carts, payments, products } from "../db/schema.ts";
import { queryRows, tableRowMapper } from "../db/raw-rows.ts";
import { releaseHotelHolds, toHotelCartRow, type HotelCartRow } from "../travel/hotel-holds.ts";

/** A cart row as stored. */
export type CartRow = typeof carts.$inferSelect;
/** A payment row as stored. */
export type PaymentRow = typeof payments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text is a UUID (cart and payment ids); other ids are unknown without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);

const toCartRow = tableRowMapper(carts);

/** Locks and returns the cart row (SELECT ... FOR UPDATE), or undefined for an unknown/non-UUID id. A hot statement: `sql`, not the query builder (server/db/raw-rows.ts). */
export const lockCart = async (tx: Tx, cartId: string): Promise<CartRow | undefined> => {
  if (!isUuid(cartId)) return undefined;
  const [row] = await queryRows(tx, sql`select * from carts where id = ${cartId} for update`);
  return row ? toCartRow(row) : undefined;
};

/** The cart's lines as a map product id -> quantity. spec §3 Cart products. */
export const cartProducts = async (db: Db | Tx, cartId: string): Promise<Record<string, number>> => {
  const rows = await queryRows<{ product_id: string; quantity: number }>(db, sql`select product_id, quantity from cart_items where cart_id = ${cartId}`);
  return Object.fromEntries(rows.map((r) => [r.product_id, r.quantity]));
};

/** A product row as PUT /carts/{id}/products reads it: stored data (euros) and current stock. */
export interface ProductStockRow {
  readonly data: unknown;
  readonly stock: number;
}

/**
 * In one statement (run after lockCart, so it reads what the lock holder committed): the cart's lines (product id ->
 * quantity), the product rows of those lines plus `productId` (absent from `products` when the shop has no such
 * product) and the cart's hotel bookings. spec §3 Cart products.
 */
export const cartLinesWithProducts = async (
  tx: Tx,
  shopSlug: string,
  cartId: string,
  productId: string,
): Promise<{ lines: Record<string, number>; products: Map<string, ProductStockRow>; hotels: HotelCartRow[] }> => {
  type LineRow = { id: string; quantity: number | null; data: unknown; stock: number | null };
  const [row] = await queryRows<{ lines: LineRow[] | null; hotels: Record<string, unknown>[] | null }>(
    tx,
    sql`select
          (select json_agg(l) from (
             select i.product_id as id, i.quantity, p.data, p.stock from cart_items i
             left join products p on p.shop_slug = ${shopSlug} and p.id = i.product_id
             where i.cart_id = ${cartId}
             union all
             select p.id, null, p.data, p.stock from products p
             where p.shop_slug = ${shopSlug} and p.id = ${productId}
               and not exists (select 1 from cart_items i where i.cart_id = ${cartId} and i.product_id = ${productId})
           ) l) as lines,
          (select json_agg(h order by h.id) from hotel_carts h where h.cart_id = ${cartId}) as hotels`,
  );
  const lines: Record<string, number> = {};
  const products = new Map<string, ProductStockRow>();
  for (const line of row?.lines ?? []) {
    if (line.quantity !== null) lines[line.id] = line.quantity;
    if (line.stock !== null) products.set(line.id, { data: line.data, stock: line.stock });
  }
  return { lines, products, hotels: (row?.hotels ?? []).map(toHotelCartRow) };
};

/** The most recent payment of a cart, or undefined. */
export const latestPayment = async (db: Db | Tx, cartId: string): Promise<PaymentRow | undefined> => {
  const rows = await db.select().from(payments).where(eq(payments.cartId, cartId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
};

/** True when a not-confirmed cart is past its expiry at `now` (its holds are, or must be, released). spec §4 Countdown. */
export const isExpired = (cart: CartRow, now: Date): boolean =>
  cart.status !== "confirmed" && cart.expiresAt.getTime() <= now.getTime();

/**
 * Releases an expired cart's stock holds inside `tx` (cart row locked by the caller): gives every held unit back,
 * deletes the lines, turns an in_payment cart back to shopping and expires its open/pending payment. Idempotent.
 */
export const releaseHolds = async (tx: Tx, cart: CartRow): Promise<void> => {
  // Sorted so concurrent releases lock product rows in one order (no deadlocks).
  const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.productId));
  for (const item of items) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${item.quantity}` })
      .where(and(eq(products.shopSlug, cart.shopSlug), eq(products.id, item.productId)));
  }
  await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  await releaseHotelHolds(tx, cart);
  if (cart.status === "in_payment") {
    await tx.update(carts).set({ status: "shopping" }).where(eq(carts.id, cart.id));
    await tx
      .update(payments)
      .set({ status: "expired" })
      .where(and(eq(payments.cartId, cart.id), inArray(payments.status, ["open", "pending"])));
  }
};

/** Ids of not-confirmed carts past expiry at `now` that still hold stock (for the periodic sweep). */
export const expiredCartIdsWithHolds = async (db: Db, now: Date): Promise<string[]> => {
  const rows = await db
    .select({ id: carts.id })
    .from(carts)
    .where(
      and(
        inArray(carts.status, ["shopping", "in_payment"]),
        sql`${carts.expiresAt} <= ${now.toISOString()}`,
        // Product lines, hotel rooms (with their extras) or add-ons: any of them is a hold to give back.
        sql`(exists (select 1 from cart_items i where i.cart_id = ${carts.id}) or exists (select 1 from hotel_carts h where h.cart_id = ${carts.id}) or exists (select 1 from hotel_cart_add_ons a where a.cart_id = ${carts.id}))`,
      ),
    );
  return rows.map((r) => r.id);
};

/**
 * Releases the holds of every expired cart (each in its own transaction, re-checked under the row lock).
 * Returns how many carts were released. spec §4 Countdown, docs/shop-api.md Stock.
 */
export const sweepExpiredCarts = async (db: Db, now: Date): Promise<number> => {
  let released = 0;
  for (const id of await expiredCartIdsWithHolds(db, now)) {
    await db.transaction(async (tx) => {
      const cart = await lockCart(tx, id);
      if (cart && isExpired(cart, now)) {
        await releaseHolds(tx, cart);
        released += 1;
      }
    });
  }
  return released;
};

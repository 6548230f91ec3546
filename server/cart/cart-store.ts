import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { cartItems, carts, payments, products } from "../db/schema.ts";
import { releaseHotelHolds } from "../travel/hotel-holds.ts";

/** A cart row as stored. */
export type CartRow = typeof carts.$inferSelect;
/** A payment row as stored. */
export type PaymentRow = typeof payments.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text is a UUID (cart and payment ids); other ids are unknown without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Locks and returns the cart row (SELECT ... FOR UPDATE), or undefined for an unknown/non-UUID id. */
export const lockCart = async (tx: Tx, cartId: string): Promise<CartRow | undefined> => {
  if (!isUuid(cartId)) return undefined;
  const [row] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
  return row;
};

/** The cart's lines as a map product id -> quantity. spec §3 Cart products. */
export const cartProducts = async (db: Db | Tx, cartId: string): Promise<Record<string, number>> => {
  const rows = await db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
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

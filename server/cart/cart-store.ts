import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "../../domain/uuid.ts";
import type { Db, Tx } from "../db/database.ts";
import { cartItems, carts, payments, products } from "../db/schema.ts";
import { preparedRows, queryRows, tableRowMapper } from "../db/raw-rows.ts";
import { releaseHotelHolds, toHotelCartRow, type HotelCartRow } from "../travel/hotel-holds.ts";

/** A cart row as stored. */
export type CartRow = typeof carts.$inferSelect;
/** A payment row as stored. */
export type PaymentRow = typeof payments.$inferSelect;


const toCartRow = tableRowMapper(carts);

/**
 * Locks the cart row for a change and returns it with its version bumped, or undefined for an unknown id. Every cart
 * change runs under this lock or is the version-guarded changeCartLines.
 */
export const lockCart = async (tx: Tx, cartId: string): Promise<CartRow | undefined> => {
  if (!isUuid(cartId)) return undefined;
  const [row] = await queryRows(tx, sql`update carts set version = version + 1 where id = ${cartId} returning *`);
  return row ? toCartRow(row) : undefined;
};

/** lockCart of the cart of payment `paymentId` (a UUID, checked by the caller), found and locked in one statement; undefined when there is no such payment. */
export const lockCartOfPayment = async (tx: Tx, paymentId: string): Promise<CartRow | undefined> => {
  const [row] = await queryRows(tx, sql`update carts set version = version + 1 where id = (select cart_id from payments where id = ${paymentId}) returning *`);
  return row ? toCartRow(row) : undefined;
};

/** Gives the locked anonymous cart to `account` (issuer, subject), now its holder too (`holder`), and returns the row as it is now. spec §6. */
export const claimCartOwner = async (tx: Tx, cart: CartRow, account: { readonly issuer: string; readonly sub: string }, holder: string): Promise<CartRow> => {
  const [row] = await tx.update(carts).set({ ownerIssuer: account.issuer, ownerSub: account.sub, holder }).where(eq(carts.id, cart.id)).returning();
  return row ?? cart;
};

/** Hands the locked cart back from its account (no owner; its holder stays until the next account writes it), and returns the row as it is now. spec §3 Checkout form, §6. */
export const releaseCartOwner = async (tx: Tx, cart: CartRow): Promise<CartRow> => {
  const [row] = await tx.update(carts).set({ ownerIssuer: null, ownerSub: null }).where(eq(carts.id, cart.id)).returning();
  return row ?? cart;
};

/** The cart row as stored now (inside the caller's transaction), or undefined. */
export const cartRow = async (db: Db | Tx, cartId: string): Promise<CartRow | undefined> => {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
  return row;
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

/** Which cart readCartContents reads (a UUID, checked by the caller) and the product whose row it adds (none: only the lines' products), of shop `shopSlug`. */
export interface CartContentsKey {
  readonly shopSlug: string;
  readonly cartId: string;
  readonly productId?: string | undefined;
}

/**
 * A cart's contents as one statement saw them: the row (undefined: no such cart), its lines, the products of those
 * lines and of the asked one, and its hotel bookings. spec §3 Cart products.
 */
export interface CartContents {
  readonly cart: CartRow | undefined;
  readonly lines: Record<string, number>;
  readonly products: Map<string, ProductStockRow>;
  readonly hotels: HotelCartRow[];
}

/**
 * Reads the contents of every key's cart in one statement, a consistent snapshot per cart, in the order of `keys`.
 * Rejects with the driver's error (a non-UUID id fails the whole statement).
 */
export const readCartContents = async (db: Db | Tx, keys: ReadonlyArray<CartContentsKey>): Promise<CartContents[]> => {
  type LineRow = { id: string; quantity: number | null; data: unknown; stock: number | null };
  const rows = await preparedRows<{ n: number; cart: Record<string, unknown> | null; lines: LineRow[] | null; hotels: Record<string, unknown>[] | null }>(
    db,
    "cart-contents",
    sql`select k.n,
          (select row_to_json(c) from carts c where c.id = k.cart_id) as cart,
          (select json_agg(l) from (
             select i.product_id as id, i.quantity, p.data, p.stock from cart_items i
             left join products p on p.shop_slug = k.shop_slug and p.id = i.product_id
             where i.cart_id = k.cart_id
             union all
             select p.id, null, p.data, p.stock from products p
             where p.shop_slug = k.shop_slug and p.id = k.product_id
               and not exists (select 1 from cart_items i where i.cart_id = k.cart_id and i.product_id = k.product_id)
           ) l) as lines,
          (select json_agg(h order by h.id) from hotel_carts h where h.cart_id = k.cart_id) as hotels
        from unnest(${sql.param(keys.map((_, n) => n))}::int[], ${sql.param(keys.map((k) => k.cartId))}::uuid[],
                    ${sql.param(keys.map((k) => k.shopSlug))}::text[], ${sql.param(keys.map((k) => k.productId ?? null))}::text[])
             as k(n, cart_id, shop_slug, product_id)`,
  );
  const found = new Map(rows.map((row) => [Number(row.n), row]));
  return keys.map((_, n) => {
    const row = found.get(n);
    const lines: Record<string, number> = {};
    const products = new Map<string, ProductStockRow>();
    for (const line of row?.lines ?? []) {
      if (line.quantity !== null) lines[line.id] = line.quantity;
      if (line.stock !== null) products.set(line.id, { data: line.data, stock: line.stock });
    }
    return { cart: row?.cart ? toCartRow(row.cart) : undefined, lines, products, hotels: (row?.hotels ?? []).map(toHotelCartRow) };
  });
};

/**
 * True for a database error that means a concurrent change won and nothing of this statement happened (deadlock,
 * serialization failure, the stock check); the caller retries the whole transaction.
 */
export const isLostRace = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001" || code === "23514";
};

/** What a line change did: done; soldOut (too little stock left; only the version moved); overCap (the client would hold more than clientCap: nothing changed); changed (the cart moved on, or the batch could not decide: decide again under the cart lock). */
export type LineChange = "done" | "soldOut" | "overCap" | "changed";

/** A line change of changeCartLines: the cart as read (its id, shop and version), the product, the new quantity (0 removes) and the difference to the quantity read (units, never 0), `now` for the expiry guard. */
export interface CartLineChange {
  readonly cart: CartRow;
  readonly productId: string;
  readonly quantity: number;
  readonly delta: number;
  readonly now: Date;
  /** Units of the product the cart's holder may hold across its open carts (domain clientHoldCap); absent: unbounded. */
  readonly clientCap?: number | undefined;
}

/**
 * Sets the lines of several carts and moves their stock in one statement, each change guarded by its cart's version, so
 * each happens whole or not at all and stock plus held never changes. Answers done, soldOut or changed per change.
 * docs/shop-api.md Stock.
 */
export const changeCartLines = async (db: Db | Tx, changes: ReadonlyArray<CartLineChange>): Promise<LineChange[]> => {
  const column = <T>(pick: (change: CartLineChange, n: number) => T) => sql.param(changes.map(pick));
  try {
    const rows = await preparedRows<{ n: number; outcome: LineChange }>(
      db,
      "cart-lines-change",
      sql`with req as (
            select * from unnest(${column((_, n) => n)}::int[], ${column((c) => c.cart.id)}::uuid[],
                                 ${column((c) => c.cart.version)}::int[], ${column((c) => c.cart.shopSlug)}::text[],
                                 ${column((c) => c.productId)}::text[], ${column((c) => c.quantity)}::int[],
                                 ${column((c) => c.delta)}::int[], ${column((c) => c.now.toISOString())}::timestamptz[])
              as r(n, cart_id, version, shop_slug, product_id, quantity, delta, now)
          ),
          cart_locks as (select c.id from carts c where c.id in (select cart_id from req) order by c.id for update),
          guard as (
            update carts c set version = c.version + 1 from req r
            where c.id = r.cart_id and c.id in (select id from cart_locks)
              and c.version = r.version and c.status = 'shopping' and c.expires_at > r.now
            returning r.n
          ),
          asked as (select r.* from req r where r.n in (select n from guard)),
          locked as (
            select p.shop_slug, p.id, p.stock from products p
            where (p.shop_slug, p.id) in (select shop_slug, product_id from asked)
            order by p.shop_slug, p.id
            for update
          ),
          lowered as (
            update cart_items i set quantity = a.quantity from asked a
            where a.delta < 0 and a.quantity > 0 and i.cart_id = a.cart_id and i.product_id = a.product_id
              and exists (select 1 from locked l where l.shop_slug = a.shop_slug and l.id = a.product_id)
            returning a.n
          ),
          removed as (
            delete from cart_items i using asked a
            where a.delta < 0 and a.quantity = 0 and i.cart_id = a.cart_id and i.product_id = a.product_id
              and exists (select 1 from locked l where l.shop_slug = a.shop_slug and l.id = a.product_id)
            returning a.n
          ),
          released as (select a.* from asked a where a.n in (select n from lowered union all select n from removed)),
          ranked as (
            select a.*, l.stock, sum(a.delta) over (partition by a.shop_slug, a.product_id order by a.n) as running
            from asked a join locked l on l.shop_slug = a.shop_slug and l.id = a.product_id
            where a.delta > 0
          ),
          granted as (select * from ranked where running <= stock),
          moves as (
            select shop_slug, product_id, sum(-delta)::int as change from released group by shop_slug, product_id
            union all
            select shop_slug, product_id, -sum(delta)::int from granted group by shop_slug, product_id
          ),
          moved as (
            -- The new stock is computed from the row version 'locked' waited for and locked, never from p.stock: p is
            -- read with this statement's snapshot, which may predate a release committed while the lock step waited.
            -- A guard on p.stock skipped the row while the lines changed (units lost); p.stock + change
            -- failed the check constraint on the stale value. Nobody can change the locked version before this commits,
            -- and PostgreSQL applies the update to it (re-checking only the key join); holds were granted on it.
            update products p set stock = l.stock + t.change
            from (select shop_slug, product_id, sum(change)::int as change from moves group by shop_slug, product_id) t
            join locked l on l.shop_slug = t.shop_slug and l.id = t.product_id
            where p.shop_slug = t.shop_slug and p.id = t.product_id
            returning p.shop_slug, p.id
          ),
          held as (
            insert into cart_items (cart_id, product_id, quantity)
            select g.cart_id, g.product_id, g.quantity from granted g join moved m on m.shop_slug = g.shop_slug and m.id = g.product_id
            on conflict (cart_id, product_id) do update set quantity = excluded.quantity
            returning cart_id, product_id
          )
          select r.n,
                 case
                   when r.n in (select n from released) then 'done'
                   when exists (select 1 from held h where h.cart_id = r.cart_id and h.product_id = r.product_id)
                        and r.n in (select n from granted) then 'done'
                   when r.n in (select n from ranked where running = delta and running > stock) then 'soldOut'
                   else 'changed'
                 end as outcome,
                 -- Only a batch of holds alone commits without waiting for the WAL flush: a release (removal or
                 -- lower quantity) is durable once answered, and its flush makes every earlier hold durable too.
                 set_config('synchronous_commit', case when exists (select 1 from req where delta < 0) then 'on' else 'off' end, true) as commit_mode
          from req r`,
    );
    const outcomes = new Map(rows.map((r) => [Number(r.n), r.outcome]));
    return changes.map((_, n) => outcomes.get(n) ?? "changed");
  } catch (error) {
    if (isLostRace(error)) return changes.map(() => "changed");
    throw error;
  }
};

/** The most recent payment of a cart, or undefined. */
export const latestPayment = async (db: Db | Tx, cartId: string): Promise<PaymentRow | undefined> => {
  const rows = await db.select().from(payments).where(eq(payments.cartId, cartId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
};

/** True when a not-confirmed cart is past its expiry at `now` (its holds are, or must be, released). spec §4 Countdown. */
export const isExpired = (cart: CartRow, now: Date): boolean =>
  cart.status !== "confirmed" && cart.expiresAt.getTime() <= now.getTime();

/** True when the cart has a payment still pending at its provider: its hold is kept until the provider answers. spec §4. */
export const hasPendingPayment = async (db: Db | Tx, cartId: string): Promise<boolean> =>
  (await db.select({ id: payments.id }).from(payments).where(and(eq(payments.cartId, cartId), eq(payments.status, "pending")))).length > 0;

/**
 * Releases an expired cart's holds inside `tx` (cart row locked by the caller): gives every held unit back, deletes
 * the lines, turns an in_payment cart back to shopping and expires its open payment. A cart whose payment is pending
 * at the provider keeps its holds (false). Idempotent.
 */
export const releaseHolds = async (tx: Tx, cart: CartRow): Promise<boolean> => {
  if (cart.status === "in_payment" && (await hasPendingPayment(tx, cart.id))) return false;
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
  return true;
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
        // A payment still pending at the provider keeps its hold until the provider answers (spec §4).
        sql`not exists (select 1 from payments p where p.cart_id = ${carts.id} and p.status = 'pending')`,
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
      if (cart && isExpired(cart, now) && (await releaseHolds(tx, cart))) released += 1;
    });
  }
  return released;
};

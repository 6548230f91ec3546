import DataLoader from "dataloader";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { queryRows } from "../db/raw-rows.ts";
import type { CartRow } from "./cart-store.ts";

/*
 * Request coalescing for the two statements an on-sale stampede sends most: creating a cart and the sold-out pre-check
 * of a hold. Requests that arrive in the same turn of the event loop share one statement (DataLoader, batches of at
 * most MAX_BATCH), so a burst of N visitors costs one database round trip instead of N. Neither statement runs in a
 * transaction or takes a lock; each visitor's answer is the same as with a statement of its own.
 */

/** Most requests one coalesced statement serves. */
export const MAX_BATCH = 200;

/** What the sold-out pre-check of PUT /carts/{id}/products reads: the product's stock and soldOut flag, this cart's line of it and the cart's token (null: none, or no such cart of this shop). */
export interface HoldPrecheck {
  readonly stock: number;
  readonly soldOut: boolean;
  readonly held: number | null;
  readonly cartToken: string | null;
}

/** One pre-check request: the shop, the product and the cart (a UUID). */
export interface HoldPrecheckKey {
  readonly shopSlug: string;
  readonly productId: string;
  readonly cartId: string;
}

/** The coalescing statements of one database: `insertCart(row)` and `holdPrecheck(key)` (undefined: the shop has no such product). Both reject with the driver's error, for every request of the failed batch. */
export interface CartBatches {
  insertCart(cart: CartRow): Promise<void>;
  holdPrecheck(key: HoldPrecheckKey): Promise<HoldPrecheck | undefined>;
}

// Collects everything that arrives before the event loop's next check phase (several sockets' requests), not only one
// socket's burst of promise jobs (DataLoader's default).
const schedule = (run: () => void): void => void setImmediate(run);

const insertCarts = async (db: Db, rows: ReadonlyArray<CartRow>): Promise<true[]> => {
  await db.execute(
    sql`insert into carts (id, shop_slug, status, expires_at, created_at, cart_token, payment_queue_token, add_on_reference, voucher_code, details)
        values ${sql.join(
          rows.map(
            (cart) =>
              sql`(${cart.id}, ${cart.shopSlug}, ${cart.status}, ${cart.expiresAt.toISOString()}, ${cart.createdAt.toISOString()},
                   ${cart.cartToken}, ${cart.paymentQueueToken}, ${cart.addOnReference}, ${cart.voucherCode}, ${cart.details === null ? null : JSON.stringify(cart.details)}::jsonb)`,
          ),
          sql`, `,
        )}`,
  );
  return rows.map(() => true);
};

const precheckGroup = async (db: Db, shopSlug: string, productId: string, cartIds: ReadonlyArray<string>): Promise<Map<string, HoldPrecheck>> => {
  const rows = await queryRows<{ cart_id: string; stock: number; sold_out: boolean; held: number | null; cart_token: string | null }>(
    db,
    sql`select k.id as cart_id, p.stock, coalesce((p.data->>'soldOut')::boolean, false) as sold_out, i.quantity as held, c.cart_token
        from products p
        cross join (values ${sql.join(
          [...new Set(cartIds)].map((id) => sql`(${id}::uuid)`),
          sql`, `,
        )}) as k(id)
        left join cart_items i on i.cart_id = k.id and i.product_id = p.id
        left join carts c on c.id = k.id and c.shop_slug = p.shop_slug
        where p.shop_slug = ${shopSlug} and p.id = ${productId}`,
  );
  return new Map(rows.map((r) => [r.cart_id, { stock: r.stock, soldOut: r.sold_out, held: r.held, cartToken: r.cart_token }]));
};

const precheckAll = async (db: Db, keys: ReadonlyArray<HoldPrecheckKey>): Promise<Array<HoldPrecheck | undefined>> => {
  const groups = new Map<string, { shopSlug: string; productId: string; cartIds: string[] }>();
  for (const key of keys) {
    const id = JSON.stringify([key.shopSlug, key.productId]);
    const group = groups.get(id) ?? { shopSlug: key.shopSlug, productId: key.productId, cartIds: [] };
    group.cartIds.push(key.cartId);
    groups.set(id, group);
  }
  const found = new Map<string, Map<string, HoldPrecheck>>();
  await Promise.all(
    [...groups].map(async ([id, group]) => found.set(id, await precheckGroup(db, group.shopSlug, group.productId, group.cartIds))),
  );
  return keys.map((key) => found.get(JSON.stringify([key.shopSlug, key.productId]))?.get(key.cartId.toLowerCase()));
};

/** Builds the coalescing statements over `db` (one set per cart service). */
export const makeCartBatches = (db: Db): CartBatches => {
  const carts = new DataLoader<CartRow, true>((rows) => insertCarts(db, rows), { cache: false, batchScheduleFn: schedule, maxBatchSize: MAX_BATCH });
  const prechecks = new DataLoader<HoldPrecheckKey, HoldPrecheck | undefined>((keys) => precheckAll(db, keys), {
    cache: false,
    batchScheduleFn: schedule,
    maxBatchSize: MAX_BATCH,
  });
  return {
    insertCart: async (cart) => void (await carts.load(cart)),
    holdPrecheck: (key) => prechecks.load(key),
  };
};

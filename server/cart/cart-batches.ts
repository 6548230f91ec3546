import DataLoader from "dataloader";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { changeCartLinesWithinClientCaps } from "./client-holds.ts";
import {
  readCartContents,
  type CartContents,
  type CartContentsKey,
  type CartLineChange,
  type CartRow,
  type LineChange,
} from "./cart-store.ts";

/*
 * Request coalescing for the statements an on-sale stampede sends most: creating a cart, reading the cart a hold is
 * decided on, and the guarded line change itself. Requests that arrive in the same turn of the event loop share one
 * statement (DataLoader, batches of at most MAX_BATCH), so a burst of N visitors costs one database round trip instead
 * of N, and one update of a hot product row. None runs in a transaction; each visitor's answer is the same as with a
 * statement of its own, except that a line change the batch cannot decide answers "changed" (decided again under the
 * cart lock).
 */

/** Most requests one coalesced statement serves. */
export const MAX_BATCH = 200;

/**
 * The coalescing statements of one database: insert a cart, read a cart's contents, change one line. All reject with
 * the driver's error, for every request of the failed batch.
 */
export interface CartBatches {
  insertCart(cart: CartRow): Promise<void>;
  cartContents(key: CartContentsKey): Promise<CartContents>;
  changeLine(change: CartLineChange): Promise<LineChange>;
}

// Collects everything that arrives before the event loop's next check phase (several sockets' requests), not only one
// socket's burst of promise jobs (DataLoader's default).
const schedule = (run: () => void): void => void setImmediate(run);

const insertCarts = async (db: Db, rows: ReadonlyArray<CartRow>): Promise<true[]> => {
  await db.execute(
    sql`insert into carts (id, shop_slug, status, expires_at, created_at, cart_token, payment_queue_token, add_on_reference, upgrade_order_id, voucher_code, details, version, hold_extensions, owner_issuer, owner_sub, hold_ends_at, holder)
        values ${sql.join(
          rows.map(
            (cart) =>
              sql`(${cart.id}, ${cart.shopSlug}, ${cart.status}, ${cart.expiresAt.toISOString()}, ${cart.createdAt.toISOString()},
                   ${cart.cartToken}, ${cart.paymentQueueToken}, ${cart.addOnReference}, ${cart.upgradeOrderId}, ${cart.voucherCode}, ${cart.details === null ? null : JSON.stringify(cart.details)}::jsonb, ${cart.version}, ${cart.holdExtensions},
                   ${cart.ownerIssuer}, ${cart.ownerSub}, ${cart.holdEndsAt?.toISOString() ?? null}, ${cart.holder})`,
          ),
          sql`, `,
        )}`,
  );
  return rows.map(() => true);
};

/** Builds the coalescing statements over `db` (one set per cart service). */
export const makeCartBatches = (db: Db): CartBatches => {
  const carts = new DataLoader<CartRow, true>((rows) => insertCarts(db, rows), { cache: false, batchScheduleFn: schedule, maxBatchSize: MAX_BATCH });
  const contents = new DataLoader<CartContentsKey, CartContents>((keys) => readCartContents(db, keys), {
    cache: false,
    batchScheduleFn: schedule,
    maxBatchSize: MAX_BATCH,
  });
  const lineChanges = new DataLoader<CartLineChange, LineChange>((changes) => changeCartLinesWithinClientCaps(db, changes), {
    cache: false,
    batchScheduleFn: schedule,
    maxBatchSize: MAX_BATCH,
  });
  return {
    insertCart: async (cart) => void (await carts.load(cart)),
    cartContents: (key) => contents.load(key),
    changeLine: (change) => lineChanges.load(change),
  };
};

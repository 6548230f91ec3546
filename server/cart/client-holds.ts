import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { queryRows } from "../db/raw-rows.ts";
import { changeCartLines, isLostRace, type CartLineChange, type LineChange } from "./cart-store.ts";

/*
 * How much one client holds across its open carts of a shop (domain clientHoldCap): a script that opens many carts
 * from one address or one account cannot take a product's whole stock. Carts carry their holder, a SHA-256 of the
 * account (logged in) or of the client address; increases of a holder are serialised by a transaction-level lock.
 */

/** The holder key of a cart: SHA-256 (base64url) of the account when logged in, else of the client address; never the address itself. */
export const holderKey = (account: { readonly issuer: string; readonly sub: string } | null, clientAddress: string): string =>
  createHash("sha256")
    .update(account ? `account:${account.issuer} ${account.sub}` : `address:${clientAddress}`)
    .digest("base64url");

const keyOf = (holder: string, productId: string): string => `${holder} ${productId}`;

/**
 * Units of each (holder, product) held in the holders' open carts of `shopSlug` at `now`: carts not confirmed and
 * not expired, their lines as committed. Map key: `{holder} {productId}`.
 */
const heldByHolders = async (tx: Tx, shopSlug: string, holders: ReadonlyArray<string>, now: Date): Promise<Map<string, number>> => {
  const rows = await queryRows<{ holder: string; product_id: string; n: number }>(
    tx,
    sql`select c.holder, i.product_id, sum(i.quantity)::int as n from carts c join cart_items i on i.cart_id = c.id
        where c.shop_slug = ${shopSlug} and c.holder = any(${sql.param([...holders])}::text[])
          and c.status <> 'confirmed' and c.expires_at > ${now.toISOString()}
        group by c.holder, i.product_id`,
  );
  return new Map(rows.map((r) => [keyOf(r.holder, r.product_id), Number(r.n)]));
};

/**
 * changeCartLines with the per-client cap: increases with a clientCap run in one transaction that locks their holders
 * (advisory, one statement, in lock-id order), counts what they hold and answers overCap for each that would pass its cap, in order.
 */
export const changeCartLinesWithinClientCaps = async (db: Db | Tx, changes: ReadonlyArray<CartLineChange>): Promise<LineChange[]> => {
  const capped = (change: CartLineChange) => change.delta > 0 && change.clientCap !== undefined && change.cart.holder !== null;
  if (!changes.some(capped)) return changeCartLines(db, changes);
  try {
    return await db.transaction(async (tx) => {
      const byShop = new Map<string, Set<string>>();
      for (const change of changes.filter(capped)) byShop.set(change.cart.shopSlug, (byShop.get(change.cart.shopSlug) ?? new Set()).add(change.cart.holder!));
      const locks = [...byShop].flatMap(([shop, holders]) => [...holders].map((holder) => `${shop} ${holder}`));
      // Every holder's lock in one round trip, taken in the order of the lock ids (the subquery's order), so two
      // batches never wait for each other in a cycle.
      await tx.execute(
        sql`select count(pg_advisory_xact_lock(hashtext('client-holds'), s.id))
            from (select distinct hashtext(lock) as id from unnest(${sql.param(locks)}::text[]) as l(lock) order by id) s`,
      );
      const held = new Map<string, number>();
      for (const [shop, holders] of byShop) {
        for (const [key, n] of await heldByHolders(tx, shop, [...holders], changes[0]!.now)) held.set(`${shop} ${key}`, n);
      }
      const outcomes: Array<LineChange | undefined> = changes.map((change) => {
        if (!capped(change)) return undefined;
        const key = `${change.cart.shopSlug} ${keyOf(change.cart.holder!, change.productId)}`;
        const after = (held.get(key) ?? 0) + change.delta;
        if (after > change.clientCap!) return "overCap";
        held.set(key, after);
        return undefined;
      });
      const rest = changes.filter((_, n) => outcomes[n] === undefined);
      const written = rest.length > 0 ? await changeCartLines(tx, rest) : [];
      let next = 0;
      return outcomes.map((outcome) => outcome ?? written[next++] ?? "changed");
    });
  } catch (error) {
    if (isLostRace(error)) return changes.map(() => "changed");
    throw error;
  }
};

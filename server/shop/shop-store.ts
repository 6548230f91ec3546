import { asc, eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import { AccessTimeslots, type AccessTimeslot } from "../../domain/access-timeslots.ts";
import { HoldBoundSettings } from "../../domain/hold-extension.ts";
import { Product } from "../../domain/product.schema.ts";
import { ShopConfig } from "../../domain/shop.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import { preparedRows } from "../db/raw-rows.ts";
import { shops } from "../db/schema.ts";

/** A shop row decoded: slug, token, namespace and its ShopConfig (money in cents). spec §3 Shop config. */
export interface ShopRecord {
  readonly slug: string;
  readonly apiNamespace: string;
  readonly shopToken: string;
  readonly config: ShopConfig;
  /** The stored config's `accessTimeslots` (domain/access-timeslots.ts; spec §6 3003), an operator setting GET /shop never sends; absent or empty: open to everyone. */
  readonly accessTimeslots?: ReadonlyArray<AccessTimeslot>;
  /** The stored config's maxHoldSeconds and maxFailedPayments (domain HoldBoundSettings), operator settings GET /shop never sends. */
  readonly holdBounds?: HoldBoundSettings;
  /** The stored config's `saleOpensAt` (ISO 8601): when the sale opens; its waiting room keeps a pre-queue before it. GET /shop never sends it. */
  readonly saleOpensAt?: Date;
}

const decodeConfig = Schema.decodeUnknownSync(ShopConfig);
const decodeTimeslots = Schema.decodeUnknownSync(AccessTimeslots);
const decodeHoldBounds = Schema.decodeUnknownSync(HoldBoundSettings);
const decodeProduct = Schema.decodeUnknownSync(Product);
const decodeOpening = Schema.decodeUnknownSync(Schema.Struct({ saleOpensAt: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/))) }));

const toShop = (row: typeof shops.$inferSelect): ShopRecord => ({
  slug: row.slug,
  apiNamespace: row.apiNamespace,
  shopToken: row.shopToken,
  // Stored config is authoritative for identity fields; the columns win if they ever drift.
  config: { ...decodeConfig(row.config), slug: row.slug, apiNamespace: row.apiNamespace, shopToken: row.shopToken },
  accessTimeslots: decodeTimeslots((row.config as { accessTimeslots?: unknown }).accessTimeslots ?? []),
  holdBounds: decodeHoldBounds(row.config),
  ...saleOpeningOf(row.config),
});

const saleOpeningOf = (config: unknown): { saleOpensAt?: Date } => {
  const { saleOpensAt } = decodeOpening(config);
  return saleOpensAt ? { saleOpensAt: new Date(saleOpensAt) } : {};
};

/** The shop with this slug, read now (no cache: a mail or a settlement reads it inside its own transaction), or undefined. */
export const findShopBySlug = async (db: Db | Tx, slug: string): Promise<ShopRecord | undefined> => {
  const [row] = await db.select().from(shops).where(eq(shops.slug, slug)).limit(1);
  return row ? toShop(row) : undefined;
};

/** All shops ordered by chooser position. */
export const listShops = async (db: Db): Promise<ShopRecord[]> =>
  (await db.select().from(shops).orderBy(asc(shops.position))).map(toShop);

/**
 * How long (ms) a decoded shop is reused by findShopByNamespace before it is read again: a change made outside the
 * shop's writers (an operator's SQL; another worker when no Redis carries its invalidation) shows within this time.
 * Env SHOP_CACHE_TTL_MS, default 5000.
 */
export const SHOP_CACHE_TTL_MS = Number(process.env["SHOP_CACHE_TTL_MS"]) || 5_000;

interface ShopCache {
  generation: number;
  readonly byNamespace: Map<string, { readonly shop: ShopRecord; readonly readAt: number }>;
  all?: { readonly shops: ReadonlyArray<ShopRecord>; readonly readAt: number };
}
const shopCaches = new WeakMap<Db, ShopCache>();
const shopCacheOf = (db: Db): ShopCache => {
  let cache = shopCaches.get(db);
  if (!cache) shopCaches.set(db, (cache = { generation: 0, byNamespace: new Map() }));
  return cache;
};

/** Called after this process's writers changed the shops of `db` (shared-state.ts tells the other workers through Redis). */
export type ShopsChangedListener = () => void;
const changeListeners = new WeakMap<Db, Set<ShopsChangedListener>>();

/** Calls `listener` after every forgetCachedShops(db) of this process; answers the function that stops it. */
export const onShopsChanged = (db: Db, listener: ShopsChangedListener): (() => void) => {
  let listeners = changeListeners.get(db);
  if (!listeners) changeListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Drops this process's cached shops of `db` without telling anyone (another worker's change arrived through Redis). */
export const dropCachedShops = (db: Db): void => {
  const cache = shopCacheOf(db);
  cache.generation += 1;
  cache.byNamespace.clear();
  delete cache.all;
};

/**
 * Drops this database's cached shops; every writer of the shops table in this process calls it after its change
 * (seed, reset, usePaymentProviderFor), so the next request reads the new row at once; the onShopsChanged listeners
 * then pass the change on to the other workers.
 */
export const forgetCachedShops = (db: Db): void => {
  dropCachedShops(db);
  for (const listener of changeListeners.get(db) ?? []) listener();
};

/**
 * The shop with this namespace, or undefined; a found shop is cached decoded for SHOP_CACHE_TTL_MS (unknown ones
 * never). `nowMs`: epoch ms.
 */
export const findShopByNamespace = async (db: Db, apiNamespace: string, nowMs: number = Date.now()): Promise<ShopRecord | undefined> => {
  const cache = shopCacheOf(db);
  const cached = cache.byNamespace.get(apiNamespace);
  if (cached && nowMs - cached.readAt < SHOP_CACHE_TTL_MS) return cached.shop;
  const generation = cache.generation;
  const [row] = await db.select().from(shops).where(eq(shops.apiNamespace, apiNamespace)).limit(1);
  if (!row) {
    cache.byNamespace.delete(apiNamespace);
    return undefined;
  }
  const shop = toShop(row);
  if (cache.generation === generation) cache.byNamespace.set(apiNamespace, { shop, readAt: nowMs });
  return shop;
};

/**
 * All shops in chooser order, cached for SHOP_CACHE_TTL_MS and dropped with forgetCachedShops, so a rush of pages costs
 * one read per TTL. `nowMs`: epoch ms.
 */
export const cachedShops = async (db: Db, nowMs: number = Date.now()): Promise<ReadonlyArray<ShopRecord>> => {
  const cache = shopCacheOf(db);
  if (cache.all && nowMs - cache.all.readAt < SHOP_CACHE_TTL_MS) return cache.all.shops;
  const generation = cache.generation;
  const shops = await listShops(db);
  if (cache.generation === generation) cache.all = { shops, readAt: nowMs };
  return shops;
};

/** Most stored product data kept decoded (by its JSON text) before the memo starts afresh. */
const DECODED_PRODUCTS_MAX = 2000;
/** Decoded products by the JSON text of their stored data (stock and soldOut set per row): data decodes once while it stays the same. */
const decodedProducts = new Map<string, Product>();

/** Decodes a product row: stored data (euros) plus current stock; soldOut also when stock is under 1. Throws a ParseError for invalid data. spec §3 Product. */
export const toProduct = (row: { data: unknown; stock: number }): Product => {
  const data = row.data as Record<string, unknown>;
  const soldOut = data["soldOut"] === true || row.stock < 1;
  if (!Number.isInteger(row.stock)) return decodeProduct({ ...data, stock: row.stock, soldOut });
  // Every cart view and product list decodes the same few rows: the Schema runs once per distinct data, and the
  // row's own stock and soldOut (an Int and a Boolean, which the Schema passes as they are) go on a copy.
  const text = JSON.stringify(data);
  let decoded = decodedProducts.get(text);
  if (decoded === undefined) {
    decoded = decodeProduct({ ...data, stock: row.stock, soldOut });
    if (decodedProducts.size >= DECODED_PRODUCTS_MAX) decodedProducts.clear();
    decodedProducts.set(text, decoded);
  }
  return { ...decoded, stock: row.stock, soldOut };
};

/** The shop's products in catalogue order with current sellable stock (decoded, cents). GET /products runs it on every call: a prepared `sql` statement, not the query builder (server/db/raw-rows.ts). */
export const listProducts = async (db: Db | Tx, shopSlug: string): Promise<Product[]> =>
  (await preparedRows<{ data: unknown; stock: number }>(db, "shop-products", sql`select data, stock from products where shop_slug = ${shopSlug} order by position`)).map(
    toProduct,
  );

/** The shop's products with these ids (decoded, cents; unknown ids are left out); no query for an empty list. Every cart view prices with it: a prepared `sql` statement, not the query builder. */
export const listProductsByIds = async (db: Db | Tx, shopSlug: string, ids: ReadonlyArray<string>): Promise<Product[]> =>
  ids.length === 0
    ? []
    : (
        await preparedRows<{ data: unknown; stock: number }>(
          db,
          "shop-products-by-ids",
          sql`select data, stock from products where shop_slug = ${shopSlug} and id = any(${sql.param([...ids])}::text[])`,
        )
      ).map(toProduct);

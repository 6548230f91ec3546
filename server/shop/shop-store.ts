import { and, asc, eq, inArray } from "drizzle-orm";
import { Schema } from "effect";
import { Product } from "../../domain/product.schema.ts";
import { ShopConfig } from "../../domain/shop.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import { products, shops } from "../db/schema.ts";

/** A shop row decoded: slug, token, namespace and its ShopConfig (money in cents). spec §3 Shop config. */
export interface ShopRecord {
  readonly slug: string;
  readonly apiNamespace: string;
  readonly shopToken: string;
  readonly config: ShopConfig;
}

const decodeConfig = Schema.decodeUnknownSync(ShopConfig);
const decodeProduct = Schema.decodeUnknownSync(Product);

const toShop = (row: typeof shops.$inferSelect): ShopRecord => ({
  slug: row.slug,
  apiNamespace: row.apiNamespace,
  shopToken: row.shopToken,
  // Stored config is authoritative for identity fields; the columns win if they ever drift.
  config: { ...decodeConfig(row.config), slug: row.slug, apiNamespace: row.apiNamespace, shopToken: row.shopToken },
});

/** All shops ordered by chooser position. */
export const listShops = async (db: Db): Promise<ShopRecord[]> =>
  (await db.select().from(shops).orderBy(asc(shops.position))).map(toShop);

/** The shop with this Shop API namespace (x-event-namespace), or undefined. */
export const findShopByNamespace = async (db: Db, apiNamespace: string): Promise<ShopRecord | undefined> => {
  const [row] = await db.select().from(shops).where(eq(shops.apiNamespace, apiNamespace)).limit(1);
  return row ? toShop(row) : undefined;
};

/** Decodes a product row: stored data (euros) plus current stock; soldOut also when stock is under 1. spec §3 Product. */
export const toProduct = (row: { data: unknown; stock: number }): Product => {
  const data = row.data as Record<string, unknown>;
  return decodeProduct({ ...data, stock: row.stock, soldOut: data["soldOut"] === true || row.stock < 1 });
};

/** The shop's products in catalogue order with current sellable stock (decoded, cents). */
export const listProducts = async (db: Db | Tx, shopSlug: string): Promise<Product[]> =>
  (await db.select().from(products).where(eq(products.shopSlug, shopSlug)).orderBy(asc(products.position))).map(toProduct);

/** One product row of a shop (raw data and stock), or undefined. */
export const findProductRow = async (db: Db | Tx, shopSlug: string, productId: string) => {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.shopSlug, shopSlug), eq(products.id, productId)))
    .limit(1);
  return row;
};

/** The shop's products with these ids (decoded, cents; unknown ids are left out); no query for an empty list. */
export const listProductsByIds = async (db: Db | Tx, shopSlug: string, ids: ReadonlyArray<string>): Promise<Product[]> =>
  ids.length === 0
    ? []
    : (await db.select().from(products).where(and(eq(products.shopSlug, shopSlug), inArray(products.id, [...ids])))).map(toProduct);

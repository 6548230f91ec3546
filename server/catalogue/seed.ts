import { eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import { Product } from "../../domain/product.schema.ts";
import { ShopConfig } from "../../domain/shop.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import { products, shops } from "../db/schema.ts";
import { forgetCachedShops } from "../shop/shop-store.ts";
import { DEMO_CATALOGUE, type DemoShop } from "./demo-catalogue.ts";
import { seedDemoPreviousOrders } from "./demo-previous-orders.ts";
import { seedDemoTravel } from "./demo-travel.ts";
import { seedDemoUpgradableOrders } from "./demo-upgradable-orders.ts";
import { seedDemoVouchers } from "./demo-vouchers.ts";

/** Inserts one shop and its products at chooser `position`; decoding first proves the data matches the domain Schemas (a mismatch is a bug and throws). */
const insertShop = async (tx: Tx, shop: DemoShop, position: number): Promise<void> => {
  Schema.decodeUnknownSync(ShopConfig)(shop.config);
  await tx.insert(shops).values({
    slug: shop.config.slug,
    apiNamespace: shop.config.apiNamespace,
    shopToken: shop.config.shopToken,
    position,
    config: shop.config,
  });
  for (const [index, product] of shop.products.entries()) {
    Schema.decodeUnknownSync(Product)(product);
    const { stock, ...data } = product;
    await tx.insert(products).values({ shopSlug: shop.config.slug, id: product.id, position: index, data, stock });
  }
};

const insertCatalogue = async (db: Db, catalogue: ReadonlyArray<DemoShop>): Promise<void> => {
  await db.transaction(async (tx) => {
    for (const [position, shop] of catalogue.entries()) await insertShop(tx, shop, position);
    await seedDemoTravel(tx);
    await seedDemoVouchers(tx);
    await seedDemoPreviousOrders(tx);
    await seedDemoUpgradableOrders(tx);
  });
  forgetCachedShops(db);
};

/** Seeds the demo catalogue into an empty database; does nothing when any shop exists. Returns true when it seeded. */
export const seedDemoCatalogue = async (db: Db, catalogue: ReadonlyArray<DemoShop> = DEMO_CATALOGUE): Promise<boolean> => {
  const existing = await db.select({ slug: shops.slug }).from(shops).limit(1);
  if (existing.length > 0) return false;
  await insertCatalogue(db, catalogue);
  return true;
};

/** Truncates every table (shops, products, carts and their lines, travel, vouchers, orders, payments), then seeds the demo catalogue afresh (tests, Pact provider states). */
export const resetDemoCatalogue = async (db: Db, catalogue: ReadonlyArray<DemoShop> = DEMO_CATALOGUE): Promise<void> => {
  await db.execute(sql`TRUNCATE TABLE mail_outbox, add_on_waiting_list, add_on_waiting_list_settings, payment_events, idempotency_keys, payments, hotel_cart_add_ons, hotel_cart_extras, hotel_carts, cart_items, carts, vouchers, previous_orders, upgradable_orders, travel_extras, travel_options, travel_packages, products, shops`);
  forgetCachedShops(db);
  await insertCatalogue(db, catalogue);
};

/**
 * Puts `shop` (config and products at their initial stock) into the database afresh, after every other shop in the
 * chooser: an existing shop with its slug is deleted first, with its products and carts. Used by provider states that
 * need a shop of their own (server/catalogue/contract-showcase.ts).
 */
export const replaceShop = async (db: Db, shop: DemoShop): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.delete(shops).where(eq(shops.slug, shop.config.slug));
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${shops.position}), -1)` }).from(shops);
    await insertShop(tx, shop, Number(last?.position ?? -1) + 1);
  });
  forgetCachedShops(db);
};

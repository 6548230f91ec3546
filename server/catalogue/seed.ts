import { sql } from "drizzle-orm";
import { Schema } from "effect";
import { Product } from "../../domain/product.schema.ts";
import { ShopConfig } from "../../domain/shop.schema.ts";
import type { Db } from "../db/database.ts";
import { products, shops } from "../db/schema.ts";
import { DEMO_CATALOGUE, type DemoShop } from "./demo-catalogue.ts";

const insertCatalogue = async (db: Db, catalogue: ReadonlyArray<DemoShop>): Promise<void> => {
  await db.transaction(async (tx) => {
    for (const [position, shop] of catalogue.entries()) {
      // Decoding proves the versioned data matches the domain Schemas; a mismatch is a bug and throws.
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
    }
  });
};

/** Seeds the demo catalogue into an empty database; does nothing when any shop exists. Returns true when it seeded. */
export const seedDemoCatalogue = async (db: Db, catalogue: ReadonlyArray<DemoShop> = DEMO_CATALOGUE): Promise<boolean> => {
  const existing = await db.select({ slug: shops.slug }).from(shops).limit(1);
  if (existing.length > 0) return false;
  await insertCatalogue(db, catalogue);
  return true;
};

/** Truncates shops, products, carts, cart items and payments, then seeds the demo catalogue afresh (tests, Pact provider states). */
export const resetDemoCatalogue = async (db: Db, catalogue: ReadonlyArray<DemoShop> = DEMO_CATALOGUE): Promise<void> => {
  await db.execute(sql`TRUNCATE TABLE payments, cart_items, carts, products, shops`);
  await insertCatalogue(db, catalogue);
};

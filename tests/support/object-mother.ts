import { Schema } from "effect";
import { Product, type ProductEncoded } from "../../domain/product.schema.ts";
import { ShopConfig, type ShopSummary } from "../../domain/shop.schema.ts";
import { SHOP, SHOP_CONFIG, WEEKEND_TICKET } from "./contract-examples.ts";

/** Decodes a wire product (euros) into a domain Product (cents), with overrides on the wire shape. */
export const aProduct = (overrides: Partial<ProductEncoded> = {}): Product =>
  Schema.decodeUnknownSync(Product)({ ...WEEKEND_TICKET, ...overrides });

/** The demo shop's configuration decoded (cents). */
export const aShopConfig = (): ShopConfig => Schema.decodeUnknownSync(ShopConfig)(SHOP_CONFIG);

/** The demo shop as the event chooser lists it. */
export const aShopSummary = (): ShopSummary => ({
  slug: SHOP.slug,
  title: SHOP_CONFIG.title,
  titleFull: SHOP_CONFIG.titleFull,
  apiNamespace: SHOP.apiNamespace,
  shopToken: SHOP.shopToken,
  previewMode: false,
  festivalData: SHOP_CONFIG.festivalData,
  logo: SHOP_CONFIG.shopTheme.logo,
});

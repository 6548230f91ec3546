import type { Effect } from "effect";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopAccess } from "../../domain/shop-access.schema.ts";
import type { ShopConfig, ShopSummary } from "../../domain/shop.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/** Port to the Shop API v2 catalogue calls (spec §7: GET /shop, GET /products; GET /shops for the event chooser). */
export interface ShopApi {
  /** GET /shops: the published shops for the event chooser (spec §2 index). */
  listShops(): Effect.Effect<ReadonlyArray<ShopSummary>, ApiFailure>;
  /** GET /shop: the shop configuration of one event (spec §3 Shop config). */
  getShop(context: ShopContext): Effect.Effect<ShopConfig, ApiFailure>;
  /** GET /products: the products with current stock, money in cents (spec §3 Product). */
  getProducts(context: ShopContext): Effect.Effect<ReadonlyArray<Product>, ApiFailure>;
  /** GET /shop/access: whether the shop is closed to the caller now (spec §6 access timeslots, §8 4000). */
  getAccess(context: ShopContext): Effect.Effect<ShopAccess, ApiFailure>;
}

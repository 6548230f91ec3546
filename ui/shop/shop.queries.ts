import { queryOptions } from "@tanstack/react-query";
import type { GetCurrentCart } from "../../application/use-cases/get-current-cart.use-case.ts";
import type { ListShops } from "../../application/use-cases/list-shops.use-case.ts";
import type { LoadProducts } from "../../application/use-cases/load-products.use-case.ts";
import type { LoadShop } from "../../application/use-cases/load-shop.use-case.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { runEffect } from "../run-effect.ts";

/** Hierarchical react-query keys of the shop area: shops > shop > products | cart. */
export const shopKeys = {
  all: ["shops"] as const,
  shop: (slug: string) => ["shops", slug] as const,
  products: (slug: string) => ["shops", slug, "products"] as const,
  cart: (slug: string) => ["shops", slug, "cart"] as const,
};

/** The event chooser's shop list (GET /shops). */
export const shopsQuery = (listShops: ListShops) =>
  queryOptions({ queryKey: shopKeys.all, queryFn: () => runEffect(listShops.execute()), staleTime: 60_000 });

/** One shop's configuration by slug (GET /shop). */
export const shopQuery = (loadShop: LoadShop, slug: string) =>
  queryOptions({ queryKey: shopKeys.shop(slug), queryFn: () => runEffect(loadShop.execute(slug)), staleTime: 60_000, retry: false });

/** The shop's products with current stock (GET /products); refetched after every cart change (spec §4 Shop update state). */
export const productsQuery = (loadProducts: LoadProducts, slug: string, context: ShopContext) =>
  queryOptions({ queryKey: shopKeys.products(slug), queryFn: () => runEffect(loadProducts.execute(context)), staleTime: 10_000 });

/** The visitor's current cart of the shop, or null (GET /carts/{cartId}). */
export const cartQuery = (getCurrentCart: GetCurrentCart, slug: string, context: ShopContext) =>
  queryOptions({ queryKey: shopKeys.cart(slug), queryFn: () => runEffect(getCurrentCart.execute(slug, context)), staleTime: 5_000 });

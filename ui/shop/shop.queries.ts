import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { GetCurrentCart } from "../../application/use-cases/get-current-cart.use-case.ts";
import type { ListShops } from "../../application/use-cases/list-shops.use-case.ts";
import type { LoadProducts } from "../../application/use-cases/load-products.use-case.ts";
import type { LoadedShop, LoadShop } from "../../application/use-cases/load-shop.use-case.ts";
import type { AsyncUseCase } from "../use-cases.tsx";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import type { UpgradeIds } from "../../domain/upgrade.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import type { CustomTranslations } from "../i18n/messages.ts";
import { upgradeIdsOf } from "./upgrade-link.ts";

/** Hierarchical react-query keys of the shop area: shops > shop > products | cart. */
export const shopKeys = {
  all: ["shops"] as const,
  shop: (slug: string, upgradeOrderId?: string) => (upgradeOrderId === undefined ? (["shops", slug] as const) : (["shops", slug, "upgrade", upgradeOrderId] as const)),
  products: (slug: string) => ["shops", slug, "products"] as const,
  cart: (slug: string) => ["shops", slug, "cart"] as const,
};

/** The event chooser's shop list (GET /shops). */
export const shopsQuery = (listShops: AsyncUseCase<ListShops>) =>
  queryOptions({ queryKey: shopKeys.all, queryFn: () => listShops.execute(), staleTime: 60_000 });

/** One shop's configuration by slug (GET /shop); with `upgrade` (an upgrade e-mail link's ids) in upgrade mode, under a key of its own. spec §3, §6. */
export const shopQuery = (loadShop: AsyncUseCase<LoadShop>, slug: string, upgrade?: UpgradeIds) =>
  queryOptions({ queryKey: shopKeys.shop(slug, upgrade?.orderId), queryFn: () => loadShop.execute({ slug, upgrade }), staleTime: 60_000, retry: false });

/** The shop's products with current stock (GET /products); refetched after every cart change (spec §4 Shop update state). */
export const productsQuery = (loadProducts: AsyncUseCase<LoadProducts>, slug: string, context: ShopContext) =>
  queryOptions({ queryKey: shopKeys.products(slug), queryFn: () => loadProducts.execute({ context }), staleTime: 10_000 });

/** The visitor's current cart of the shop, or null (GET /carts/{cartId}): the one a deep link names (`deepLinkCartId`, spec §2), else the remembered one. */
export const cartQuery = (getCurrentCart: AsyncUseCase<GetCurrentCart>, slug: string, context: ShopContext, deepLinkCartId: string | null = null) =>
  queryOptions({ queryKey: shopKeys.cart(slug), queryFn: () => getCurrentCart.execute({ slug, context, deepLinkCartId }), staleTime: 5_000 });

/**
 * The custom translations (spec §3) of the shop of `pathname` when its config is already cached, else undefined, so the
 * first render shows the shop's own texts.
 */
export const cachedShopTranslations = (queryClient: QueryClient, pathname: string, search: string): CustomTranslations | undefined => {
  const { slug } = parseShopPath(pathname);
  return slug === null ? undefined : queryClient.getQueryData<LoadedShop>(shopKeys.shop(slug, upgradeIdsOf(pathname, search)?.orderId))?.config.customTranslations;
};

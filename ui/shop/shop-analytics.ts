import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { AnalyticsLine, AnalyticsShop } from "../../domain/analytics.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { shopKeys } from "./shop.queries.ts";

/** Drops a failed analytics call (no Analytics adapter in screens composed in tests with some ports only): analytics must never break a screen. spec §7 Analytics. */
export const ignoreAnalyticsFailure = (): void => undefined;

// Each analytics event is a use case of its own (TrackCartView, TrackQuantityChange, ...), called fire and forget:
// `void track.execute(...).catch(ignoreAnalyticsFailure)`. spec §7 Analytics.

/** The analytics shop of a shop config: brand ossBrand, else brand. spec §3, §7. */
export const analyticsShopOf = (config: ShopConfig): AnalyticsShop => ({ brand: config.ossBrand ?? config.brand });

/** An analytics line of a product at a quantity: the product's price (cents), first category (English), variant title. spec §7 item data. */
export const analyticsLineOf = (product: Product, quantity: number): AnalyticsLine => ({
  productId: product.id,
  name: product.name,
  type: product.type,
  unitPrice: product.price,
  quantity,
  ...(product.categories?.[0]?.en ? { category: product.categories[0].en } : {}),
  ...(product.meta?.vendorVariantTitle ? { variant: product.meta.vendorVariantTitle } : {}),
});

/** Lines of every product in the cart with a quantity above 0 (unknown product ids are left out). */
export const cartAnalyticsLines = (products: ReadonlyArray<Product>, cart: Pick<Cart, "products">): AnalyticsLine[] =>
  products.filter((p) => (cart.products[p.id] ?? 0) > 0).map((p) => analyticsLineOf(p, cart.products[p.id]!));

/** The analytics lines of a cart, read from the cached products of `slug` (cartAnalyticsLines; none while they are not cached). spec §7 item data. */
export function useCartAnalyticsLines(slug: string): (cart: Pick<Cart, "products">) => AnalyticsLine[] {
  const queryClient = useQueryClient();
  return useCallback((cart) => cartAnalyticsLines(queryClient.getQueryData<ReadonlyArray<Product>>(shopKeys.products(slug)) ?? [], cart), [queryClient, slug]);
}

/** Loads the tag manager when the shop config names a container (spec §7 Analytics); nothing while the config loads. */
export function useShopAnalyticsStart(config: ShopConfig | undefined): void {
  const loadTagManager = useAsyncUseCase((m) => m.LoadTagManager);
  const tagManagerId = config?.tagManagerId;
  useEffect(() => {
    if (tagManagerId) void loadTagManager.execute({ tagManagerId }).catch(ignoreAnalyticsFailure);
  }, [loadTagManager, tagManagerId]);
}

/**
 * A callback for a successful quantity change: reads the previous quantity from the cached cart and the product
 * from the cached products of `slug`, then tracks add_to_cart / remove_from_cart. Call it before the new cart is cached. spec §7.
 */
export function useTrackQuantityChange(slug: string, config: ShopConfig): (productId: string, quantity: number) => void {
  const track = useAsyncUseCase((m) => m.TrackQuantityChange);
  const queryClient = useQueryClient();
  return useCallback(
    (productId: string, quantity: number) => {
      const product = queryClient.getQueryData<ReadonlyArray<Product>>(shopKeys.products(slug))?.find((p) => p.id === productId);
      if (!product) return;
      const before = queryClient.getQueryData<Cart | null>(shopKeys.cart(slug))?.products[productId] ?? 0;
      void track.execute({ shop: analyticsShopOf(config), line: analyticsLineOf(product, quantity), from: before, to: quantity }).catch(ignoreAnalyticsFailure);
    },
    [track, queryClient, slug, config],
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { AnalyticsShop, TrackAnalytics } from "../../application/use-cases/track-analytics.use-case.ts";
import type { AnalyticsCustomer, AnalyticsLine } from "../../domain/analytics.ts";
import type { Cart, CartDetails } from "../../domain/cart.schema.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { type AsyncUseCase, useAsyncUseCase } from "../use-cases.tsx";
import { shopKeys } from "./shop.queries.ts";

/** Drops a failed analytics call (no Analytics adapter in screens composed in tests with some ports only): analytics must never break a screen. spec §7 Analytics. */
export const ignoreAnalyticsFailure = (): void => undefined;

/** The TrackAnalytics use case, called fire and forget (`void track.x(...).catch(ignoreAnalyticsFailure)`). spec §7 Analytics. */
export const useTracker = (): AsyncUseCase<TrackAnalytics> => useAsyncUseCase("TrackAnalytics");

/** The analytics settings of a shop config: brand ossBrand (else brand) and the tag manager container. spec §3, §7. */
export const analyticsShopOf = (config: ShopConfig): AnalyticsShop => ({
  brand: config.ossBrand ?? config.brand,
  ...(config.tagManagerId ? { tagManagerId: config.tagManagerId } : {}),
});

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

/** Loads the tag manager when the shop config names a container (spec §7 Analytics); nothing while the config loads. */
export function useShopAnalyticsStart(config: ShopConfig | undefined): void {
  const track = useTracker();
  const tagManagerId = config?.tagManagerId;
  useEffect(() => {
    if (tagManagerId) void track.start({ brand: "", tagManagerId }).catch(ignoreAnalyticsFailure);
  }, [track, tagManagerId]);
}

/** view_cart once per cart id and content when the basket screen shows a cart with products. spec §7 "view_cart (on basket load)". */
export function useTrackViewCart(config: ShopConfig, products: ReadonlyArray<Product> | undefined, cart: Cart | null | undefined): void {
  const track = useTracker();
  const sent = useRef<string | null>(null);
  const shop = useMemo(() => analyticsShopOf(config), [config]);
  useEffect(() => {
    if (!products || !cart) return;
    const lines = cartAnalyticsLines(products, cart);
    const key = `${cart.id}:${JSON.stringify(cart.products)}`;
    if (lines.length === 0 || sent.current === key) return;
    sent.current = key;
    void track.viewCart(shop, lines).catch(ignoreAnalyticsFailure);
  }, [track, shop, products, cart]);
}

/**
 * A callback for a successful quantity change: reads the previous quantity from the cached cart and the product
 * from the cached products of `slug`, then tracks add_to_cart / remove_from_cart. Call it before the new cart is cached. spec §7.
 */
export function useTrackQuantityChange(slug: string, config: ShopConfig): (productId: string, quantity: number) => void {
  const track = useTracker();
  const queryClient = useQueryClient();
  return useCallback(
    (productId: string, quantity: number) => {
      const product = queryClient.getQueryData<ReadonlyArray<Product>>(shopKeys.products(slug))?.find((p) => p.id === productId);
      if (!product) return;
      const before = queryClient.getQueryData<Cart | null>(shopKeys.cart(slug))?.products[productId] ?? 0;
      void track.quantityChanged(analyticsShopOf(config), analyticsLineOf(product, quantity), before, quantity).catch(ignoreAnalyticsFailure);
    },
    [track, queryClient, slug, config],
  );
}

/** The analytics customer of checkout details (spec §7 begin_checkout: name, e-mail, phone and address). */
export const analyticsCustomerOf = (details: CartDetails): AnalyticsCustomer => ({
  firstName: details.firstName,
  lastName: details.lastName,
  email: details.email,
  phoneNumber: details.phoneNumber,
  address: details.address,
  streetNumber: `${details.streetNumber}${details.streetNumberExtension.trim()}`,
  postalCode: details.postalCode,
  city: details.city,
  country: details.country,
});

/**
 * Checkout analytics of spec §7 for the shop of `slug`: begin_checkout after a successful details update,
 * add_payment_info on pay, purchase once per confirmed cart. Lines come from the cached products; every call is
 * fire and forget and does nothing without an Analytics adapter.
 */
export function useCheckoutAnalytics(slug: string, config: ShopConfig) {
  const track = useTracker();
  const queryClient = useQueryClient();
  const shop = useMemo(() => analyticsShopOf(config), [config]);
  const purchased = useRef<string | null>(null);
  const linesOf = useCallback(
    (cart: Pick<Cart, "products">) => cartAnalyticsLines(queryClient.getQueryData<ReadonlyArray<Product>>(shopKeys.products(slug)) ?? [], cart),
    [queryClient, slug],
  );
  return useMemo(
    () => ({
      beginCheckout: (cart: Cart, details: CartDetails) => {
        void track.beginCheckout(shop, linesOf(cart), analyticsCustomerOf(details)).catch(ignoreAnalyticsFailure);
      },
      addPaymentInfo: (cart: Pick<Cart, "products">, paymentMethod: string) => {
        void track.addPaymentInfo(shop, linesOf(cart), paymentMethod).catch(ignoreAnalyticsFailure);
      },
      purchase: (cart: Cart) => {
        if (cart.status !== "confirmed" || purchased.current === cart.id) return;
        purchased.current = cart.id;
        void track.purchase(shop, linesOf(cart), cart.id).catch(ignoreAnalyticsFailure);
      },
    }),
    [track, shop, linesOf],
  );
}

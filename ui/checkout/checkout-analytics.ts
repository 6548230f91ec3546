import { useEffect, useMemo, useRef } from "react";
import type { AnalyticsCustomer } from "../../domain/analytics.ts";
import type { Cart, CartDetails } from "../../domain/cart.schema.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { analyticsShopOf, cartAnalyticsLines, ignoreAnalyticsFailure, useCartAnalyticsLines } from "../shop/shop-analytics.ts";
import { useAsyncUseCase } from "../use-cases.tsx";

// The checkout's analytics (spec §7 view_cart, begin_checkout, add_payment_info), beside the checkout's screens so that
// only the checkout loads them.

/** view_cart once per cart id and content when the basket screen shows a cart with products. spec §7 "view_cart (on basket load)". */
export function useTrackViewCart(config: ShopConfig, products: ReadonlyArray<Product> | undefined, cart: Cart | null | undefined): void {
  const track = useAsyncUseCase((m) => m.TrackCartView);
  const sent = useRef<string | null>(null);
  const shop = useMemo(() => analyticsShopOf(config), [config]);
  useEffect(() => {
    if (!products || !cart) return;
    const lines = cartAnalyticsLines(products, cart);
    const key = `${cart.id}:${JSON.stringify(cart.products)}`;
    if (lines.length === 0 || sent.current === key) return;
    sent.current = key;
    void track.execute({ shop, lines }).catch(ignoreAnalyticsFailure);
  }, [track, shop, products, cart]);
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
 * Checkout analytics of spec §7 for the shop of `slug`: begin_checkout after the details, add_payment_info on pay; fire
 * and forget.
 */
export function useCheckoutAnalytics(slug: string, config: ShopConfig) {
  const trackCheckoutStart = useAsyncUseCase((m) => m.TrackCheckoutStart);
  const trackPaymentInfo = useAsyncUseCase((m) => m.TrackPaymentInfo);
  const shop = useMemo(() => analyticsShopOf(config), [config]);
  const linesOf = useCartAnalyticsLines(slug);
  return useMemo(
    () => ({
      beginCheckout: (cart: Cart, details: CartDetails) => {
        void trackCheckoutStart.execute({ shop, lines: linesOf(cart), customer: analyticsCustomerOf(details) }).catch(ignoreAnalyticsFailure);
      },
      addPaymentInfo: (cart: Pick<Cart, "products">, paymentMethod: string) => {
        void trackPaymentInfo.execute({ shop, lines: linesOf(cart), paymentType: paymentMethod }).catch(ignoreAnalyticsFailure);
      },
    }),
    [trackCheckoutStart, trackPaymentInfo, shop, linesOf],
  );
}

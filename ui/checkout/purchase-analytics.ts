import { useMemo, useRef } from "react";
import type { Cart } from "../../domain/cart.schema.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { analyticsShopOf, ignoreAnalyticsFailure, useCartAnalyticsLines } from "../shop/shop-analytics.ts";
import { useAsyncUseCase } from "../use-cases.tsx";

/**
 * The purchase analytics of spec §7 for the shop of `slug` (the payment status page): `purchase(cart)` tracks a
 * confirmed cart once per cart id (any other status, or the same cart again, does nothing); fire and forget, nothing
 * without an Analytics adapter.
 */
export function usePurchaseAnalytics(slug: string, config: ShopConfig): (cart: Cart) => void {
  const track = useAsyncUseCase((m) => m.TrackPurchase);
  const shop = useMemo(() => analyticsShopOf(config), [config]);
  const linesOf = useCartAnalyticsLines(slug);
  const purchased = useRef<string | null>(null);
  return useMemo(
    () => (cart: Cart) => {
      if (cart.status !== "confirmed" || purchased.current === cart.id) return;
      purchased.current = cart.id;
      void track.execute({ shop, lines: linesOf(cart), transactionId: cart.id }).catch(ignoreAnalyticsFailure);
    },
    [track, shop, linesOf],
  );
}

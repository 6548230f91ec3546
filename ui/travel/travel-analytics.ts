import { useMemo } from "react";
import type { AnalyticsLine } from "../../domain/analytics.ts";
import type { RoomOption, TravelExtra, TravelPackage } from "../../domain/travel.schema.ts";
import { analyticsShopOf, ignoreAnalyticsFailure } from "../shop/shop-analytics.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";

/** The analytics line of a booked room: the package name, the option id and title (variant), price per person, persons as quantity and the room's total price as roomPrice (cents). spec §7 item data "roomPrice". */
export const roomAnalyticsLine = (pkg: Pick<TravelPackage, "name" | "category">, option: RoomOption, persons: number): AnalyticsLine => ({
  productId: option.id,
  name: pkg.name,
  type: "travel",
  category: pkg.category,
  unitPrice: option.price,
  quantity: persons,
  variant: option.title,
  roomPrice: option.totalPrice,
});

/** The analytics line of a hotel extra at an amount (price per unit in cents, category the extra's). spec §7 item data. */
export const extraAnalyticsLine = (extra: TravelExtra, amount: number): AnalyticsLine => ({
  productId: extra.id,
  name: extra.name,
  type: "travel",
  category: extra.category,
  unitPrice: extra.price,
  quantity: amount,
});

/**
 * add_to_cart / remove_from_cart for travel changes (spec §7 Analytics): a room booking (roomPrice carried; a switch
 * removes the old persons first) and an extra amount change. Fire and forget; nothing without an Analytics adapter.
 */
export function useTravelAnalytics() {
  const { config } = useCurrentShop();
  const track = useAsyncUseCase((m) => m.TrackQuantityChange);
  const shop = useMemo(() => analyticsShopOf(config), [config]);
  return useMemo(
    () => ({
      change: (line: AnalyticsLine, from: number, to: number) => {
        void track.execute({ shop, line, from, to }).catch(ignoreAnalyticsFailure);
      },
    }),
    [track, shop],
  );
}

import type { AddOnBooking, PreviousOrders } from "./order-lookup.schema.ts";
import { packageSlug } from "./travel.ts";

/** True when a purchase is a travel item: its title contains 'Travel:'. spec §3 Previous order. */
export const isTravelPurchase = (purchase: { readonly title: string }): boolean => purchase.title.includes("Travel:");

/** The hotel bookings open for add-ons (upsell.hospitality.add_on when add_on_available), each with its order and package slug (spec §3 "A slug is derived from the package name"). */
export const addOnBookings = (orders: PreviousOrders): ReadonlyArray<AddOnBooking> =>
  orders.upsell.hospitality.add_on_available
    ? orders.upsell.hospitality.add_on.map((offer) => ({
        offer,
        order: orders.original_orders.find((o) => o.reference === offer.reference) ?? orders.original_orders[offer.orderIndexNumber],
        packageSlug: packageSlug(offer.cart.package.name),
      }))
    : [];

/** The purchases of every previous order (the shop flow drops travel, or traveladdon, by their 'Travel:' items: spec §2 Route guards). */
export const previousPurchasesOf = (orders: PreviousOrders | null): ReadonlyArray<{ readonly title: string }> =>
  orders ? orders.original_orders.flatMap((o) => o.purchases) : [];

/** True when the orders hold a travel item and a hotel booking open for add-ons: the flow then offers the traveladdon step. spec §2, §3. */
export const offersTravelAddOns = (orders: PreviousOrders | null): boolean =>
  orders !== null && previousPurchasesOf(orders).some(isTravelPurchase) && addOnBookings(orders).length > 0;

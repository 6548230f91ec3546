import type { AddOnBooking, PreviousOrders, PreviousPurchase } from "./order-lookup.schema.ts";
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

/** The purchases of every previous order (the shop flow drops travel, or traveladdon, by their 'Travel:' items: spec §2 Route guards; the refund choice reads their insurance: §4). */
export const previousPurchasesOf = (orders: PreviousOrders | null): ReadonlyArray<PreviousPurchase> =>
  orders ? orders.original_orders.flatMap((o) => o.purchases) : [];

/** True when the orders hold a travel item and a hotel booking open for add-ons: the flow then offers the traveladdon step. spec §2, §3. */
export const offersTravelAddOns = (orders: PreviousOrders | null): boolean =>
  orders !== null && previousPurchasesOf(orders).some(isTravelPurchase) && addOnBookings(orders).length > 0;

/** Shortest wait of the add-on modal's spinner, in ms. spec §4 Modals and loading "The add-on modal delay is random 2 to 20 s". */
export const ADD_ON_MODAL_MIN_DELAY_MS = 2000;
/** Longest wait of the add-on modal's spinner, in ms. spec §4 Modals and loading. */
export const ADD_ON_MODAL_MAX_DELAY_MS = 20_000;

/**
 * The add-on modal's spinner time in whole ms for a random number in [0, 1) (Math.random): 2000 at 0 rising evenly to
 * 20000 just under 1; a value outside [0, 1) or not a number is clamped into it. spec §4 Modals and loading.
 */
export const addOnModalDelayMs = (random: number): number => {
  const r = Number.isNaN(random) ? 0 : Math.min(Math.max(random, 0), 1 - Number.EPSILON);
  const span = ADD_ON_MODAL_MAX_DELAY_MS - ADD_ON_MODAL_MIN_DELAY_MS + 1;
  return ADD_ON_MODAL_MIN_DELAY_MS + Math.min(Math.floor(r * span), span - 1);
};

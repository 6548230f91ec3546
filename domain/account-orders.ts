import { UPGRADE_ACCESS_PARAM, UPGRADE_ORDER_PARAM } from "./upgrade.ts";

/**
 * The add-on link of an order (spec §1 add-on shop, §2 /{slug}/traveladdon, §6 "Add-on shop and deep-link carts
 * authenticate with a cart token header"): the shop's add-on lookup route, carrying the order's cart token when it has
 * one; null when the shop sells no travel (no apiTravelId), so there is nothing to add.
 */
export const addOnLinkOf = (order: { readonly slug: string; readonly sellsTravel: boolean; readonly cartToken: string | null }): string | null =>
  order.sellsTravel ? `/${encodeURIComponent(order.slug)}/traveladdon${order.cartToken === null ? "" : `?cartToken=${encodeURIComponent(order.cartToken)}`}` : null;

/**
 * The upgrade link of an order (spec §2 /{slug}/upgrade, "Redirect links also carry idt_oss_order_id and access_id"):
 * the upgrade route with the ids of its open upgradable order; null when it has none (or it is processed).
 */
export const upgradeLinkOf = (slug: string, upgradable: { readonly orderId: string; readonly accessId: string } | undefined): string | null =>
  upgradable === undefined
    ? null
    : `/${encodeURIComponent(slug)}/upgrade?${UPGRADE_ORDER_PARAM}=${encodeURIComponent(upgradable.orderId)}&${UPGRADE_ACCESS_PARAM}=${encodeURIComponent(upgradable.accessId)}`;

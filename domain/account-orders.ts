import { packageSlug } from "./travel.ts";
import { UPGRADE_ACCESS_PARAM, UPGRADE_ORDER_PARAM } from "./upgrade.ts";

/**
 * Query parameter of an add-on link that names the order it adds to (9 digits): with the link's cartToken the add-on
 * screens look the order up by themselves (spec §5 Order number lookup with the cart token), no typing needed.
 */
export const ORDER_NUMBER_PARAM = "orderNumber";

/** The order number an add-on link names (ORDER_NUMBER_PARAM, trimmed), or null when the query has none. */
export const linkedOrderNumber = (query: URLSearchParams | string): string | null => {
  const params = typeof query === "string" ? new URLSearchParams(query.startsWith("?") ? query.slice(1) : query) : query;
  const value = params.get(ORDER_NUMBER_PARAM)?.trim() ?? "";
  return value === "" ? null : value;
};

/** `?cartToken=…` of an add-on link, with `&orderNumber=…` when the order number is known; "" without a cart token. */
const addOnQuery = (cartToken: string | null, reference: string | undefined): string =>
  cartToken === null
    ? ""
    : `?cartToken=${encodeURIComponent(cartToken)}${reference === undefined ? "" : `&${ORDER_NUMBER_PARAM}=${encodeURIComponent(reference)}`}`;

/**
 * The add-on link of an order (spec §1 add-on shop, §2 /{slug}/traveladdon, §6): the add-on shop's extras or the travel
 * add-on lookup, with the order's cart token and number; null when the shop offers neither.
 */
export const addOnLinkOf = (order: {
  readonly slug: string;
  readonly sellsTravel: boolean;
  readonly cartToken: string | null;
  readonly isAddOnShop?: boolean;
  readonly reference?: string;
}): string | null => {
  const slug = encodeURIComponent(order.slug);
  if (order.isAddOnShop) return `/${slug}/extras${addOnQuery(order.cartToken, order.reference)}`;
  return order.sellsTravel ? `/${slug}/traveladdon${addOnQuery(order.cartToken, order.reference)}` : null;
};

/**
 * The link of an add-on offer of the waiting list (spec §3 Previous order, docs/shop-api.md "Add-on waiting list"): the
 * hotel's add-on screen (/{slug}/traveladdon/{package slug}) of the order `reference`, with its cart token, where the
 * reserved extra shows ready to add to the order.
 */
export const addOnOfferLinkOf = (offer: { readonly slug: string; readonly packageName: string; readonly cartToken: string; readonly reference: string }): string =>
  `/${encodeURIComponent(offer.slug)}/traveladdon/${encodeURIComponent(packageSlug(offer.packageName))}${addOnQuery(offer.cartToken, offer.reference)}`;

/**
 * The upgrade link of an order (spec §2 /{slug}/upgrade, "Redirect links also carry idt_oss_order_id and access_id"):
 * the upgrade route with the ids of its open upgradable order; null when it has none (or it is processed).
 */
export const upgradeLinkOf = (slug: string, upgradable: { readonly orderId: string; readonly accessId: string } | undefined): string | null =>
  upgradable === undefined
    ? null
    : `/${encodeURIComponent(slug)}/upgrade?${UPGRADE_ORDER_PARAM}=${encodeURIComponent(upgradable.orderId)}&${UPGRADE_ACCESS_PARAM}=${encodeURIComponent(upgradable.accessId)}`;

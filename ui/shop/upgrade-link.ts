import { useMemo } from "react";
import { useLocation } from "react-router-dom";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { readUpgradeLink, type UpgradeIds, type UpgradeLink } from "../../domain/upgrade.ts";

/**
 * The upgrade e-mail link of the current query (spec §2 "Redirect links also carry shopToken, idt_oss_order_id and
 * access_id", domain readUpgradeLink): Valid ids, None, or Invalid 4005 / 4006. Read from the query, which every
 * navigation keeps (spec §2 Routes), not from the 180-day deep-link cookie: a later ordinary visit is no upgrade.
 */
export function useUpgradeLink(): UpgradeLink {
  const { search } = useLocation();
  return useMemo(() => readUpgradeLink(search), [search]);
}

/**
 * The ids of a valid upgrade link in the query (stable while they do not change), else undefined: the shop then runs in
 * its ordinary mode. Never on the payment status page: the paid upgrade has processed the order (its link answers 4002
 * from then on), and the page only reports the payment (spec §2 /{slug}/paymentstatus).
 */
export function useUpgradeIds(): UpgradeIds | undefined {
  const { pathname, search } = useLocation();
  const ids = upgradeIdsOf(pathname, search);
  const orderId = ids?.orderId;
  const accessId = ids?.accessId;
  return useMemo(() => (orderId !== undefined && accessId !== undefined ? { orderId, accessId } : undefined), [orderId, accessId]);
}

/** The upgrade ids a page of `pathname` and `search` runs with (useUpgradeIds; the server's first-screen prefetch, ui/entry-server.tsx): a valid link's, except on the payment status page; else undefined. */
export const upgradeIdsOf = (pathname: string, search: string): UpgradeIds | undefined => {
  const link = readUpgradeLink(search);
  return link._tag === "Valid" && parseShopPath(pathname).step !== "paymentstatus" ? link.ids : undefined;
};

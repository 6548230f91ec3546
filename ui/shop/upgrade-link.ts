import { useMemo } from "react";
import { useLocation } from "react-router-dom";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { readUpgradeLink, type UpgradeIds, type UpgradeLink } from "../../domain/upgrade.ts";

/**
 * The upgrade e-mail link of the current query (spec §2 redirect links, domain readUpgradeLink): Valid, None or
 * Invalid; read from the query, not the deep-link cookie.
 */
export function useUpgradeLink(): UpgradeLink {
  const { search } = useLocation();
  return useMemo(() => readUpgradeLink(search), [search]);
}

/**
 * The ids of a valid upgrade link in the query, else undefined; never on the payment status page, where the upgrade is
 * already processed (spec §2 /{slug}/paymentstatus).
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

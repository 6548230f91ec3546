import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { logWarning } from "../common/log-warning.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { useErrorDialog } from "./error-dialog.tsx";

/** react-query key of a shop's access for this visitor (CheckShopAccess). */
export const shopAccessKey = (slug: string) => ["shop-access", slug] as const;

/**
 * A shop closed to the visitor, said on arrival (spec §6 access timeslots, §8 4000): once the page is live, GET
 * /shop/access (CheckShopAccess) and, when closed, the 4000 dialog once per visit. A failed check is only logged.
 */
export function ShopClosedDialog() {
  const { slug, context } = useCurrentShop();
  const checkAccess = useAsyncUseCase((m) => m.CheckShopAccess);
  const { show } = useErrorDialog();
  const access = useQuery({ queryKey: shopAccessKey(slug), queryFn: () => checkAccess.execute({ context }), staleTime: 60_000, retry: false });
  const told = useRef<string | null>(null);
  const closed = access.data?.closed === true;
  useEffect(() => {
    if (access.isError) logWarning("shop access check failed", access.error);
  }, [access.isError, access.error]);
  useEffect(() => {
    if (!closed || told.current === slug) return;
    told.current = slug;
    show({ code: 4000 });
  }, [closed, slug, show]);
  return null;
}

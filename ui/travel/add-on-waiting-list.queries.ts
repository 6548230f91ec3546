import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddOnWaitingListView } from "../../application/use-cases/load-add-on-waiting-list.use-case.ts";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";

/** react-query key of an earlier order's add-on waiting list in this shop. */
export const addOnWaitingListKey = (slug: string, reference: string) => ["shops", slug, "addon-waiting-list", reference] as const;

/**
 * The waiting list of the earlier order `reference` and the sold-out extras of its hotel package `packageId`
 * (LoadAddOnWaitingList), read on every visit of the add-on screen: an offer made since shows then.
 */
export function useAddOnWaitingList(reference: string, travelId: string, packageId: string) {
  const { slug, context } = useCurrentShop();
  const load = useAsyncUseCase((m) => m.LoadAddOnWaitingList);
  return useQuery({
    queryKey: addOnWaitingListKey(slug, reference),
    queryFn: (): Promise<AddOnWaitingListView> => load.execute({ context, reference, travelId, packageId }),
    staleTime: 0,
    refetchOnMount: "always",
    retry: false,
  });
}

/** Joins (JoinAddOnWaitingList) or leaves (LeaveAddOnWaitingList) the line of the order's add-on `extraId`; the answer replaces the cached list. */
export function useChangeAddOnWaitingList(reference: string) {
  const { slug, context } = useCurrentShop();
  const join = useAsyncUseCase((m) => m.JoinAddOnWaitingList);
  const leave = useAsyncUseCase((m) => m.LeaveAddOnWaitingList);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ extraId, action }: { extraId: string; action: "join" | "leave" }): Promise<AddOnWaitingList> =>
      (action === "join" ? join : leave).execute({ context, reference, extraId }),
    onSuccess: (entries) =>
      queryClient.setQueryData<AddOnWaitingListView>(addOnWaitingListKey(slug, reference), (view) => (view ? { ...view, entries } : view)),
  });
}

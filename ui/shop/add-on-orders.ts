import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { linkedOrderNumber } from "../../domain/account-orders.ts";
import type { AddOnLookup } from "../../application/use-cases/look-up-order.use-case.ts";
import type { PreviousOrders } from "../../domain/order-lookup.schema.ts";
import { useCurrentShop } from "./shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";

/** react-query key of the previous orders the add-on lookup found for this shop and cart token (spec §4 Add-on lookup). */
export const addOnOrdersKey = (slug: string, cartToken: string | undefined) => ["shops", slug, "addon-orders", cartToken ?? ""] as const;

/**
 * The previous orders found by the add-on lookup of this visit (spec §3 Previous order, §4 Add-on lookup), or null
 * before a successful lookup. Kept in the query cache for the visit: nothing fetches them but useLookUpAddOnOrder.
 */
export function useAddOnOrders(): PreviousOrders | null {
  const { slug, context } = useCurrentShop();
  const orders = useQuery<PreviousOrders | null>({
    queryKey: addOnOrdersKey(slug, context.cartToken),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return orders.data ?? null;
}

/** Looks up an order number with the visit's cart token (LookUpOrder, spec §5 Order number lookup); a success keeps the orders for useAddOnOrders. */
export function useLookUpAddOnOrder() {
  const { slug, context } = useCurrentShop();
  const lookUp = useAsyncUseCase((m) => m.LookUpOrder);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: string): Promise<AddOnLookup> => lookUp.execute({ context, orderNumber }),
    onSuccess: (outcome) => {
      if (outcome.state === "success") queryClient.setQueryData(addOnOrdersKey(slug, context.cartToken), outcome.orders);
    },
  });
}

/**
 * Looks up the order an add-on link names once, while the visit has found none, so the add-on screens open with it;
 * answers the lookup.
 */
export function useLinkedOrderLookup(): ReturnType<typeof useLookUpAddOnOrder> {
  const { search } = useLocation();
  const { context } = useCurrentShop();
  const orders = useAddOnOrders();
  const lookUp = useLookUpAddOnOrder();
  const orderNumber = linkedOrderNumber(search);
  const wanted = orderNumber !== null && context.cartToken !== undefined && orders === null;
  const { isIdle, mutate } = lookUp;
  useEffect(() => {
    if (wanted && isIdle && orderNumber !== null) mutate(orderNumber);
  }, [wanted, isIdle, mutate, orderNumber]);
  return lookUp;
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import type { AddOnLookup } from "../../application/use-cases/look-up-order.use-case.ts";
import { withQuery } from "../../domain/deep-links.ts";
import { stepPath } from "../../domain/shop-flow.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { addOnOrdersKey } from "../shop/add-on-orders.ts";
import { useAsyncUseCase, useUseCase } from "../use-cases.tsx";

/** What the add-on shop's lookup asks: the order number (9 digits or UUID) and the e-mail the order was placed with. spec §5. */
export interface AddOnOrderQuery {
  readonly orderNumber: string;
  readonly email: string;
}

/**
 * Looks up an earlier order by its number and e-mail (LookUpOrder, spec §4 Add-on lookup, §5 Order number lookup). A
 * success keeps the orders found for the visit's current cart token and under each order's own, where useAddOnOrders
 * finds them once that token is the visit's (useChooseAddOnOrder).
 */
export function useFindAddOnOrder() {
  const { slug, context } = useCurrentShop();
  const lookUp = useAsyncUseCase((m) => m.LookUpOrder);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: AddOnOrderQuery): Promise<AddOnLookup> => lookUp.execute({ context, orderNumber: query.orderNumber, email: query.email }),
    onSuccess: (outcome) => {
      if (outcome.state !== "success") return;
      // The visit's own key too: the header's Previous orders shows them on this page already (spec §2 Header).
      queryClient.setQueryData(addOnOrdersKey(slug, context.cartToken), outcome.orders);
      for (const order of outcome.orders.original_orders) {
        if (order.cart_token) queryClient.setQueryData(addOnOrdersKey(slug, order.cart_token), outcome.orders);
      }
    },
  });
}

/**
 * Chooses the earlier order to add extras to (spec §1 add-on shop, §6): lets the remembered cart go and opens the
 * extras with the order's `cartToken` in the query (spec §2 Routes).
 */
export function useChooseAddOnOrder(): (cartToken: string) => void {
  const { slug } = useCurrentShop();
  const navigate = useNavigate();
  const { search } = useLocation();
  const forgetCart = useUseCase(ForgetCart);
  const queryClient = useQueryClient();
  return (cartToken: string) => {
    forgetCart.execute({ slug });
    queryClient.setQueryData(shopKeys.cart(slug), null);
    const query = new URLSearchParams(search);
    query.delete("cartId");
    query.set("cartToken", cartToken);
    navigate(withQuery(stepPath(slug, "extras"), query));
  };
}

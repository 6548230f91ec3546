import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import type { GetTravelCart } from "../../application/use-cases/get-travel-cart.use-case.ts";
import { useCurrentShop } from "./shop-context.tsx";
import { type AsyncUseCase, useAsyncUseCase } from "../use-cases.tsx";
import { travelKeys } from "./travel-keys.ts";

// The hotel booking of the cart on its own, for the screens outside the travel area that only read it (the checkout's
// basket, the server's first render): the travel screens' queries and writes stay out of their first load.

/**
 * The hotel booking of the visitor's current cart for the shop's travel id, or null (GET …/hotel/{travelId}): the cart a
 * deep link names (`deepLinkCartId`, spec §2; `context` then carries its cart token), else the remembered one, as cartQuery.
 */
export const travelCartQuery = (
  getTravelCart: AsyncUseCase<GetTravelCart>,
  slug: string,
  context: ShopContext,
  travelId: string | undefined,
  deepLinkCartId: string | null = null,
) =>
  queryOptions({
    queryKey: travelKeys.cart(slug),
    queryFn: () => (travelId ? getTravelCart.execute({ slug, context, travelId, deepLinkCartId }) : Promise.resolve(null)),
    staleTime: 5_000,
  });

/** The hotel booking of the current shop's cart, or null (react-query). */
export function useTravelCart() {
  const { slug, context, config, deepLinkCartId } = useCurrentShop();
  return useQuery(travelCartQuery(useAsyncUseCase((m) => m.GetTravelCart), slug, context, config.apiTravelId, deepLinkCartId ?? null));
}

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { BookHotelRoom, type HotelChangeResult } from "../../application/use-cases/book-hotel-room.use-case.ts";
import { ChangeHotelExtra } from "../../application/use-cases/change-hotel-extra.use-case.ts";
import { ChangePreviousOrderAddOn } from "../../application/use-cases/change-previous-order-add-on.use-case.ts";
import { GetTravelCart } from "../../application/use-cases/get-travel-cart.use-case.ts";
import { LoadTravelPackage } from "../../application/use-cases/load-travel-package.use-case.ts";
import { LoadTravelSettings } from "../../application/use-cases/load-travel-settings.use-case.ts";
import { RemoveHotelBooking } from "../../application/use-cases/remove-hotel-booking.use-case.ts";
import { SearchTravelPackages } from "../../application/use-cases/search-travel-packages.use-case.ts";
import { CatalogueError } from "../../domain/error-catalogue.ts";
import { runEffect } from "../run-effect.ts";
import { shopKeys } from "../shop/shop.queries.ts";
import { travelUpdateKey, useCurrentShop } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";

/** The hotel filters of the travel list as kept in the query string (spec §3 Hotel filters): persons 1..50, category, minimum rating, a night of the stay (YYYY-MM-DD). */
export interface TravelFilters {
  readonly persons: number;
  readonly category?: string;
  readonly rating?: number;
  readonly date?: string;
}

/** Hierarchical react-query keys of the travel area: travel > settings | packages(filters) | package(slug, persons) | cart. */
export const travelKeys = {
  all: (slug: string) => ["shops", slug, "travel"] as const,
  settings: (slug: string) => ["shops", slug, "travel", "settings"] as const,
  packages: (slug: string, filters: TravelFilters) => ["shops", slug, "travel", "packages", filters] as const,
  detail: (slug: string, packageSlug: string, persons: number) => ["shops", slug, "travel", "detail", packageSlug, persons] as const,
  cart: (slug: string) => ["shops", slug, "travel", "cart"] as const,
};

/** The Travel API settings of the shop's travel id (GET …/settings). */
export function useTravelSettings(travelId: string) {
  const { slug } = useCurrentShop();
  const load = useUseCase(LoadTravelSettings);
  return useQuery(queryOptions({ queryKey: travelKeys.settings(slug), queryFn: () => runEffect(load.execute(travelId)), staleTime: 60_000 }));
}

/** The packages matching the filters (GET …/packages), listed non-sold-out first (spec §9); a 5002 "No travel packages found" is an empty list. */
export function useTravelPackages(travelId: string, filters: TravelFilters) {
  const { slug } = useCurrentShop();
  const search = useUseCase(SearchTravelPackages);
  return useQuery(
    queryOptions({
      queryKey: travelKeys.packages(slug, filters),
      queryFn: async () => {
        const input = {
          travelId,
          persons: filters.persons,
          ...(filters.category ? { categories: [filters.category] } : {}),
          ...(filters.rating === undefined ? {} : { rating: filters.rating }),
          ...(filters.date ? { date: filters.date } : {}),
        };
        try {
          const packages = await runEffect(search.execute(input));
          return [...packages].sort((a, b) => Number(a.state.soldout) - Number(b.state.soldout));
        } catch (failure) {
          if (failure instanceof CatalogueError && failure.code === 5002) return [];
          throw failure;
        }
      },
      staleTime: 10_000,
    }),
  );
}

/** One package by its derived slug with room options for `persons` and extras on sale (GET …/options, …/extras). */
export function useTravelPackage(travelId: string, packageSlug: string, persons: number) {
  const { slug } = useCurrentShop();
  const load = useUseCase(LoadTravelPackage);
  return useQuery(
    queryOptions({
      queryKey: travelKeys.detail(slug, packageSlug, persons),
      queryFn: () => runEffect(load.execute({ travelId, slug: packageSlug, persons })),
      staleTime: 5_000,
      retry: false,
    }),
  );
}

/** The hotel booking of the visitor's cart for the shop's travel id, or null (GET …/hotel/{travelId}). */
export const travelCartQuery = (getTravelCart: GetTravelCart, slug: string, context: ShopContext, travelId: string | undefined) =>
  queryOptions({
    queryKey: travelKeys.cart(slug),
    queryFn: () => (travelId ? runEffect(getTravelCart.execute({ slug, context, travelId })) : Promise.resolve(null)),
    staleTime: 5_000,
  });

/** The hotel booking of the current shop's cart, or null (react-query). */
export function useTravelCart() {
  const { slug, context, config } = useCurrentShop();
  return useQuery(travelCartQuery(useUseCase(GetTravelCart), slug, context, config.apiTravelId));
}

/** After a hotel-cart write: stores the travel cart and the cart (totals and checkoutErrors include the hotel), refreshes room and extra stock. */
function useHotelChangeSettled() {
  const { slug } = useCurrentShop();
  const queryClient = useQueryClient();
  return {
    onResult: (result: HotelChangeResult) => {
      queryClient.setQueryData(travelKeys.cart(slug), result.travelCart);
      queryClient.setQueryData(shopKeys.cart(slug), result.cart);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["shops", slug, "travel", "detail"] }),
  };
}

/** Books (or switches to) a room option for the persons; mutation key travelUpdateKey so the shop update state is "update.travel" (spec §4). */
export function useBookRoom(travelId: string) {
  const { slug, context } = useCurrentShop();
  const book = useUseCase(BookHotelRoom);
  const { onResult, onSettled } = useHotelChangeSettled();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: ({ optionId, persons }: { optionId: string; persons: number }) => runEffect(book.execute({ slug, context, travelId, optionId, persons })),
    onSuccess: onResult,
    onSettled,
  });
}

/** Sets a booked extra's amount (0 removes it); mutation key travelUpdateKey (spec §4 "update.travel"). */
export function useChangeExtra(travelId: string) {
  const { slug, context } = useCurrentShop();
  const change = useUseCase(ChangeHotelExtra);
  const { onResult, onSettled } = useHotelChangeSettled();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: ({ extraId, amount }: { extraId: string; amount: number }) => runEffect(change.execute({ slug, context, travelId, extraId, amount })),
    onSuccess: onResult,
    onSettled,
  });
}

/** Removes the whole hotel booking (room, extras, add-ons); mutation key travelUpdateKey (spec §4 "update.travel", §7 travel cart delete). */
export function useRemoveBooking(travelId: string) {
  const { slug, context } = useCurrentShop();
  const remove = useUseCase(RemoveHotelBooking);
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: () => runEffect(remove.execute({ slug, context, travelId })),
    onSuccess: (cart) => {
      queryClient.setQueryData(travelKeys.cart(slug), null);
      queryClient.setQueryData(shopKeys.cart(slug), cart);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["shops", slug, "travel", "detail"] }),
  });
}

/** Sets an add-on of a previous order's hotel booking (0 removes it) in the visit's add-on cart; mutation key travelUpdateKey (spec §4 "update.travel", §7 PATCH/DELETE …/add-ons). */
export function useChangeAddOn(travelId: string, reference: string) {
  const { slug, context } = useCurrentShop();
  const change = useUseCase(ChangePreviousOrderAddOn);
  const { onResult, onSettled } = useHotelChangeSettled();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: ({ extraId, quantity }: { extraId: string; quantity: number }) => runEffect(change.execute({ slug, context, travelId, reference, extraId, quantity })),
    onSuccess: onResult,
    onSettled,
  });
}

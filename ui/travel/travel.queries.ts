import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HotelChangeResult } from "../../application/use-cases/book-hotel-room.use-case.ts";
import { shopKeys } from "../shop/shop.queries.ts";
import { travelUpdateKey, useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { type TravelFilters, travelKeys } from "../shop/travel-keys.ts";
import { meaningOf } from "../shell/error-dialog.tsx";

/** The Travel API settings of the shop's travel id (GET …/settings). */
export function useTravelSettings(travelId: string) {
  const { slug } = useCurrentShop();
  const load = useAsyncUseCase((m) => m.LoadTravelSettings);
  return useQuery(queryOptions({ queryKey: travelKeys.settings(slug), queryFn: () => load.execute({ travelId }), staleTime: 60_000 }));
}

/** The packages matching the filters (GET …/packages), listed non-sold-out first (spec §9); a 5002 "No travel packages found" is an empty list. */
export function useTravelPackages(travelId: string, filters: TravelFilters) {
  const { slug } = useCurrentShop();
  const search = useAsyncUseCase((m) => m.SearchTravelPackages);
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
          const packages = await search.execute(input);
          return [...packages].sort((a, b) => Number(a.state.soldout) - Number(b.state.soldout));
        } catch (failure) {
          if ((await meaningOf(failure)).then === "noResults") return [];
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
  const load = useAsyncUseCase((m) => m.LoadTravelPackage);
  return useQuery(
    queryOptions({
      queryKey: travelKeys.detail(slug, packageSlug, persons),
      queryFn: () => load.execute({ travelId, slug: packageSlug, persons }),
      staleTime: 5_000,
      retry: false,
    }),
  );
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
  const book = useAsyncUseCase((m) => m.BookHotelRoom);
  const { onResult, onSettled } = useHotelChangeSettled();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: ({ optionId, persons }: { optionId: string; persons: number }) => book.execute({ slug, context, travelId, optionId, persons }),
    onSuccess: onResult,
    onSettled,
  });
}

/** Sets a booked extra's amount (0 removes it); mutation key travelUpdateKey (spec §4 "update.travel"). */
export function useChangeExtra(travelId: string) {
  const { slug, context } = useCurrentShop();
  const change = useAsyncUseCase((m) => m.ChangeHotelExtra);
  const { onResult, onSettled } = useHotelChangeSettled();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: ({ extraId, amount }: { extraId: string; amount: number }) => change.execute({ slug, context, travelId, extraId, amount }),
    onSuccess: onResult,
    onSettled,
  });
}

/** Removes the whole hotel booking (room, extras, add-ons); mutation key travelUpdateKey (spec §4 "update.travel", §7 travel cart delete). */
export function useRemoveBooking(travelId: string) {
  const { slug, context } = useCurrentShop();
  const remove = useAsyncUseCase((m) => m.RemoveHotelBooking);
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: () => remove.execute({ slug, context, travelId }),
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
  const change = useAsyncUseCase((m) => m.ChangePreviousOrderAddOn);
  const { onResult, onSettled } = useHotelChangeSettled();
  return useMutation({
    mutationKey: travelUpdateKey(slug),
    mutationFn: ({ extraId, quantity }: { extraId: string; quantity: number }) => change.execute({ slug, context, travelId, reference, extraId, quantity }),
    onSuccess: onResult,
    onSettled,
  });
}

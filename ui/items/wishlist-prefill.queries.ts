import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WishlistFillMode } from "../../domain/wishlist.ts";
import { useTrackQuantityChange } from "../shop/shop-analytics.ts";
import { cartUpdateKey, useCurrentShop } from "../shop/shop-context.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { useAsyncUseCase } from "../use-cases.tsx";

/**
 * Pre-fills the cart with a wishlist's products (PrefillCartFromWishlist) as a shop cart write, tracking each change
 * and refreshing stock. spec §2 Other layers, §4 Shop update state, §7.
 */
export function usePrefillCart() {
  const { slug, context, config } = useCurrentShop();
  const prefill = useAsyncUseCase((m) => m.PrefillCartFromWishlist);
  const queryClient = useQueryClient();
  const trackQuantityChange = useTrackQuantityChange(slug, config);
  return useMutation({
    mutationKey: cartUpdateKey(slug),
    mutationFn: ({ products, mode }: { products: Readonly<Record<string, number>>; mode: WishlistFillMode }) =>
      prefill.execute({ slug, context, products, mode }),
    onSuccess: ({ cart, changes }) => {
      for (const { productId, quantity } of changes) trackQuantityChange(productId, quantity); // before the new cart is cached
      if (cart) queryClient.setQueryData(shopKeys.cart(slug), cart);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: shopKeys.cart(slug) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) }),
  });
}

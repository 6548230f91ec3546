import { queryOptions } from "@tanstack/react-query";
import type { WishlistKey } from "../../application/ports/single-sign-on.port.ts";
import type { LoadWishlist } from "../../application/use-cases/load-wishlist.use-case.ts";
import type { AsyncUseCase } from "../use-cases.tsx";

/** Hierarchical react-query keys of the saved wishlists: "wishlist" > event id > year > the user's e-mail (ui/items/wishlist-save.tsx invalidates the "wishlist" prefix after a save). */
export const wishlistKeys = {
  one: (key: WishlistKey, email: string | undefined) => ["wishlist", key.eventId, key.year, email ?? ""] as const,
};

/** The logged-in user's saved wishlist of an event and year, or null (LoadWishlist; spec §2 Header Wishlist button, §7 get wishlists). */
export const wishlistQuery = (loadWishlist: AsyncUseCase<LoadWishlist>, key: WishlistKey, email: string | undefined) =>
  queryOptions({ queryKey: wishlistKeys.one(key, email), queryFn: () => loadWishlist.execute({ key }), staleTime: 60_000, retry: false });

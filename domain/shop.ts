import type { ShopConfig } from "./shop.schema.ts";

/**
 * The two brands of spec §1 that hide the profile icon (and get the reduced shipping list and Dutch terms). The spec
 * names four brands (milkshake, aod, zwartecross, mananamanana) without saying which two; these two are an assumption
 * to confirm with the product owner.
 */
export const PROFILE_HIDDEN_BRANDS: ReadonlyArray<string> = ["zwartecross", "mananamanana"];

/** True when the shop's brand (ossBrand, else brand) shows the user profile icon. spec §1, §2 Header. */
export const showsProfileIcon = (config: Pick<ShopConfig, "brand" | "ossBrand">): boolean =>
  !PROFILE_HIDDEN_BRANDS.includes((config.ossBrand ?? config.brand).toLowerCase());

/** Which saved wishlist belongs to a shop: its event id (apiNamespace) and the festival's year (festivalData.dateStart). spec §7 "get and put wishlists (eventId, year, preferences)". */
export const wishlistKeyOf = (config: Pick<ShopConfig, "apiNamespace" | "festivalData">): { readonly eventId: string; readonly year: number } => ({
  eventId: config.apiNamespace,
  year: Number(config.festivalData.dateStart.slice(0, 4)),
});

import { Schema } from "effect";

/**
 * Whether a shop is open to the caller now (GET /shop/access, docs/shop-api.md): `closed` is true when none of the
 * caller's access timeslots is open or still ahead, so every cart call would be refused with 4000 "Shop closed"
 * (spec §6 Shop access timeslots, §8 4000). The web app tells the visitor on arrival.
 */
export const ShopAccess = Schema.Struct({ closed: Schema.Boolean });
/** A decoded ShopAccess. */
export type ShopAccess = typeof ShopAccess.Type;

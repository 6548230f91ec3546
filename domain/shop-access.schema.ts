import { Schema } from "effect";

/**
 * Whether a shop is open to the caller now (GET /shop/access): `closed` when none of the caller's access timeslots is
 * open or ahead, so each cart call would be refused with 4000 (spec §6, §8). The web app says so on arrival.
 */
export const ShopAccess = Schema.Struct({ closed: Schema.Boolean });
/** A decoded ShopAccess. */
export type ShopAccess = typeof ShopAccess.Type;

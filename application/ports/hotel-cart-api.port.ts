import type { Effect } from "effect";
import type { HotelAddOnChange, PostHotelExtra, PutHotelRoom, RemoveHotelAddOn, TravelCart } from "../../domain/travel.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/**
 * Port to the hotel cart calls (spec §7); each answers the travel cart or null. Failures are ShopApiError with the spec
 * §8 text the shop shows (5000, 5001, 5002, cart codes).
 */
export interface HotelCartApi {
  /** GET …/hotel/{travelId}: the travel cart or null. */
  getTravelCart(context: ShopContext, cartId: string, travelId: string): Effect.Effect<TravelCart | null, ApiFailure>;
  /** PUT …/hotel/{travelId} {productId, persons?}: books one room of the option (switching gives the old one back). */
  bookRoom(context: ShopContext, cartId: string, travelId: string, room: PutHotelRoom): Effect.Effect<TravelCart | null, ApiFailure>;
  /** DELETE …/hotel/{travelId}: gives the room, extras and add-ons back (answers null). */
  removeHotel(context: ShopContext, cartId: string, travelId: string): Effect.Effect<TravelCart | null, ApiFailure>;
  /** POST …/extras {extraId, amount}: sets an extra's booked amount (1..50). */
  setExtra(context: ShopContext, cartId: string, travelId: string, extra: PostHotelExtra): Effect.Effect<TravelCart | null, ApiFailure>;
  /** DELETE …/extras {extraId}: removes a booked extra. */
  removeExtra(context: ShopContext, cartId: string, travelId: string, extraId: string): Effect.Effect<TravelCart | null, ApiFailure>;
  /** PATCH …/add-ons {addonId, quantity ≥ 1, hotelCartId?}: sets an add-on's quantity in an add-on cart (needs the cart token). */
  changeAddOn(context: ShopContext, cartId: string, travelId: string, change: HotelAddOnChange): Effect.Effect<TravelCart | null, ApiFailure>;
  /** DELETE …/add-ons {addonId, hotelCartId?} (the PATCH body; quantity optional): removes an add-on. */
  removeAddOn(context: ShopContext, cartId: string, travelId: string, change: RemoveHotelAddOn): Effect.Effect<TravelCart | null, ApiFailure>;
}

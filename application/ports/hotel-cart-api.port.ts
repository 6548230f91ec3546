import type { Effect } from "effect";
import type { HotelAddOnChange, PostHotelExtra, PutHotelRoom, RemoveHotelAddOn, TravelCart } from "../../domain/travel.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/**
 * Port to the hotel cart calls of Shop API v2 (spec §7 /carts/{cartId}/products/hotel/{travelId}). Each answers the
 * travel cart (null when nothing is booked for the travel id). Failures are ShopApiError with the spec §8 text the
 * shop shows: 409 5000 'At this moment, this product is not available…' (replacing 'There is no stock for one of the
 * rooms you want to book') or 'This package combination is sold out.' for rooms, 'This product is sold out.' for
 * extras and add-ons; 404 5001, 404 5002, 409 cart.expired, 409 cart.not.shopping, 403 cart.token.invalid.
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

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import { type ApiFailure, NoCartError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { HotelCartApi } from "../ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE, HOTEL_CART_API } from "../ports/tokens.ts";

/**
 * Removes the hotel booking (room, extras, add-ons) from the visitor's cart (DELETE …/hotel/{travelId}, spec §7
 * "Removing travel also dispatches a travel cart delete") and answers the refreshed cart. NoCartError without a cart.
 */
@injectable()
export class RemoveHotelBooking {
  constructor(
    @inject(HOTEL_CART_API) private readonly hotelCartApi: HotelCartApi,
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The cart without the hotel. */
  execute(input: { readonly slug: string; readonly context: ShopContext; readonly travelId: string }): Effect.Effect<Cart, ApiFailure | NoCartError> {
    return Effect.suspend((): Effect.Effect<Cart, ApiFailure | NoCartError> => {
      const cartId = this.cartIds.get(input.slug);
      if (!cartId) return Effect.fail(new NoCartError({ slug: input.slug }));
      return this.hotelCartApi.removeHotel(input.context, cartId, input.travelId).pipe(Effect.flatMap(() => this.cartApi.getCart(input.context, cartId)));
    });
  }
}

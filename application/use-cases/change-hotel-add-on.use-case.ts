import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { HotelCartApi } from "../ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, HOTEL_CART_API } from "../ports/tokens.ts";
import type { HotelChangeResult } from "./book-hotel-room.use-case.ts";

/** Input of ChangeHotelAddOn: the add-on cart (context carries its cart token), travel id, add-on id, new quantity (0 removes), hotel cart id. */
export interface ChangeHotelAddOnInput {
  readonly context: ShopContext;
  readonly cartId: string;
  readonly travelId: string;
  readonly addonId: string;
  readonly quantity: number;
  readonly hotelCartId?: string;
}

/**
 * Changes an add-on of a previous order's hotel booking in its add-on cart (spec §7): quantity ≥ 1 PATCHes
 * …/add-ons {addonId, quantity, hotelCartId?}, 0 DELETEs it; then the cart is refreshed. Fails with 409 5000 'This
 * product is sold out.', 404 5001, 403 cart.token.invalid, or another ApiFailure.
 */
@injectable()
export class ChangeHotelAddOn {
  constructor(
    @inject(HOTEL_CART_API) private readonly hotelCartApi: HotelCartApi,
    @inject(CART_API) private readonly cartApi: CartApi,
  ) {}

  /** The travel cart and the cart after the change. */
  execute(input: ChangeHotelAddOnInput): Effect.Effect<HotelChangeResult, ApiFailure> {
    const hotelCartId = input.hotelCartId === undefined ? {} : { hotelCartId: input.hotelCartId };
    return Effect.suspend(() =>
      input.quantity <= 0
        ? this.hotelCartApi.removeAddOn(input.context, input.cartId, input.travelId, { addonId: input.addonId, ...hotelCartId })
        : this.hotelCartApi.changeAddOn(input.context, input.cartId, input.travelId, { addonId: input.addonId, quantity: input.quantity, ...hotelCartId }),
    ).pipe(Effect.flatMap((travelCart) => this.cartApi.getCart(input.context, input.cartId).pipe(Effect.map((cart) => ({ travelCart, cart })))));
  }
}

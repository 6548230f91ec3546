import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type ApiFailure, NoCartError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { HotelCartApi } from "../ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE, HOTEL_CART_API } from "../ports/tokens.ts";
import type { HotelChangeResult } from "./book-hotel-room.use-case.ts";

/** Input of ChangeHotelExtra: the shop, its travel id, the extra and its new amount (0 removes it). */
export interface ChangeHotelExtraInput {
  readonly slug: string;
  readonly context: ShopContext;
  readonly travelId: string;
  readonly extraId: string;
  readonly amount: number;
}

/**
 * Adds, changes or removes an extra of the booked hotel (POST …/extras {extraId, amount}, or DELETE …/extras {extraId}
 * for amount 0; spec §7), then refreshes the cart. Fails with NoCartError without a cart, 409 5000 'This product is
 * sold out.', 404 5001, 409 hotel.not.booked, or another ApiFailure.
 */
@injectable()
export class ChangeHotelExtra {
  constructor(
    @inject(HOTEL_CART_API) private readonly hotelCartApi: HotelCartApi,
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The travel cart and the cart after the change. */
  execute(input: ChangeHotelExtraInput): Effect.Effect<HotelChangeResult, ApiFailure | NoCartError> {
    return Effect.suspend((): Effect.Effect<HotelChangeResult, ApiFailure | NoCartError> => {
      const cartId = this.cartIds.get(input.slug);
      if (!cartId) return Effect.fail(new NoCartError({ slug: input.slug }));
      const change =
        input.amount <= 0
          ? this.hotelCartApi.removeExtra(input.context, cartId, input.travelId, input.extraId)
          : this.hotelCartApi.setExtra(input.context, cartId, input.travelId, { extraId: input.extraId, amount: input.amount });
      return change.pipe(Effect.flatMap((travelCart) => this.cartApi.getCart(input.context, cartId).pipe(Effect.map((cart) => ({ travelCart, cart })))));
    });
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import type { TravelCart } from "../../domain/travel.schema.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { HotelCartApi } from "../ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE, HOTEL_CART_API } from "../ports/tokens.ts";

/** Input of BookHotelRoom: the shop, its travel id, the room option and the persons (default: the option's occupation). */
export interface BookHotelRoomInput {
  readonly slug: string;
  readonly context: ShopContext;
  readonly travelId: string;
  readonly optionId: string;
  readonly persons?: number;
}

/** The travel cart after a hotel change and the refreshed cart (totals and checkoutErrors include the hotel). */
export interface HotelChangeResult {
  readonly travelCart: TravelCart | null;
  readonly cart: Cart;
}

const isGoneCart = (e: ApiFailure): e is ShopApiError => e instanceof ShopApiError && (e.code === "cart.not.found" || e.code === "cart.expired");

/**
 * Books a room option in the visitor's cart (spec §7), creating the cart when there is none and replacing a gone one
 * once. Fails with the spec §8 sold-out texts or another ApiFailure.
 */
@injectable()
export class BookHotelRoom {
  constructor(
    @inject(HOTEL_CART_API) private readonly hotelCartApi: HotelCartApi,
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The travel cart and the cart after the booking. */
  execute(input: BookHotelRoomInput): Effect.Effect<HotelChangeResult, ApiFailure> {
    const room = input.persons === undefined ? { productId: input.optionId } : { productId: input.optionId, persons: input.persons };
    const book = (cartId: string) =>
      this.hotelCartApi.bookRoom(input.context, cartId, input.travelId, room).pipe(
        Effect.flatMap((travelCart) => this.cartApi.getCart(input.context, cartId).pipe(Effect.map((cart) => ({ travelCart, cart })))),
      );
    const withNewCart = Effect.suspend(() => this.cartApi.createCart(input.context)).pipe(
      Effect.tap((cart) => Effect.sync(() => this.cartIds.set(input.slug, cart.id))),
      Effect.flatMap((cart) => book(cart.id)),
    );
    return Effect.suspend(() => {
      const existing = this.cartIds.get(input.slug);
      if (!existing) return withNewCart;
      return book(existing).pipe(Effect.catchIf(isGoneCart, () => withNewCart));
    });
  }
}

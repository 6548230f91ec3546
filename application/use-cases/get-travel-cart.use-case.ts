import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { TravelCart } from "../../domain/travel.schema.ts";
import { currentCartId } from "../current-cart-id.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { HotelCartApi } from "../ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_ID_STORE, HOTEL_CART_API } from "../ports/tokens.ts";

/**
 * Loads the hotel booking of the visitor's current cart (spec §7, §2, §6; currentCartId); null without cart, booking or
 * a cart the server knows. Fails with an ApiFailure.
 */
@injectable()
export class GetTravelCart {
  constructor(
    @inject(HOTEL_CART_API) private readonly hotelCartApi: HotelCartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The travel cart of `slug`'s current cart (the deep link's when `deepLinkCartId` is given) for `travelId`, or null. */
  execute(input: {
    readonly slug: string;
    readonly context: ShopContext;
    readonly travelId: string;
    readonly deepLinkCartId?: string | null;
  }): Effect.Effect<TravelCart | null, ApiFailure> {
    return Effect.suspend(() => {
      const cartId = currentCartId(this.cartIds, input.slug, input.deepLinkCartId);
      if (!cartId) return Effect.succeed(null);
      return this.hotelCartApi
        .getTravelCart(input.context, cartId, input.travelId)
        .pipe(Effect.catchIf((e): e is ShopApiError => e instanceof ShopApiError && e.status === 404, () => Effect.succeed(null)));
    });
  }
}

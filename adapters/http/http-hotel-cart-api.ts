import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import { type ApiFailure, ShopApiError } from "../../application/errors.ts";
import type { HotelCartApi } from "../../application/ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { ITEM_ADD_FAILURE_TEXT, itemAddFailureText, NO_ROOM_STOCK_SERVER_TEXT } from "../../domain/error-catalogue.ts";
import { DeleteHotelExtra, HotelAddOnChange, PostHotelExtra, PutHotelRoom, RemoveHotelAddOn, type TravelCart, TravelCartAnswer } from "../../domain/travel.schema.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { type ShopApiRequest, sendShopApiRequest } from "./shop-api-request.ts";

/**
 * The spec §8 text of a failed room booking: 5000 with the server's no-room-stock text (or no text) becomes 'At this
 * moment, this product is not available…'; another 5000 'This package combination is sold out.'; other codes keep the
 * server's message (a blank one becomes the not-available text).
 */
export const roomFailureMessage = (code: string, message: string): string => {
  if (code === "5000" && message.trim() !== "" && !message.includes(NO_ROOM_STOCK_SERVER_TEXT)) return ITEM_ADD_FAILURE_TEXT.packageSoldOut;
  return itemAddFailureText({ kind: "server", message });
};

/** The spec §8 text of a failed extra or add-on change: 5000 'This product is sold out.'; others the server's message (blank -> not available). */
export const extraFailureText = (code: string, message: string): string =>
  code === "5000" ? itemAddFailureText({ kind: "soldOut" }) : itemAddFailureText({ kind: "server", message });

const withText =
  (text: (code: string, message: string) => string) =>
  (error: ApiFailure): ApiFailure =>
    error instanceof ShopApiError ? new ShopApiError({ status: error.status, code: error.code, message: text(error.code, error.message) }) : error;

/**
 * HotelCartApi over HTTP (Shop API v2 hotel cart calls of spec §7, docs/travel-api.md): bodies encoded and the travel
 * cart decoded with the domain travel Schemas (euros -> cents); failure texts mapped as spec §8 says (roomFailureMessage,
 * extraFailureText).
 */
@injectable()
export class HttpHotelCartApi implements HotelCartApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  private send(request: Omit<ShopApiRequest, "path"> & { cartId: string; travelId: string; suffix?: string }): Effect.Effect<TravelCart | null, ApiFailure> {
    const path = `/carts/${encodeURIComponent(request.cartId)}/products/hotel/${encodeURIComponent(request.travelId)}${request.suffix ?? ""}`;
    const { cartId: _c, travelId: _t, suffix: _s, ...rest } = request;
    return sendShopApiRequest(this.baseUrl, { ...rest, path }, TravelCartAnswer, this.http);
  }

  /** GET …/hotel/{travelId}. */
  getTravelCart(context: ShopContext, cartId: string, travelId: string) {
    return this.send({ method: "GET", context, cartId, travelId });
  }

  /** PUT …/hotel/{travelId}. */
  bookRoom(context: ShopContext, cartId: string, travelId: string, room: PutHotelRoom) {
    const body = Schema.encodeSync(PutHotelRoom)(room);
    return this.send({ method: "PUT", context, cartId, travelId, body }).pipe(Effect.mapError(withText(roomFailureMessage)));
  }

  /** DELETE …/hotel/{travelId}. */
  removeHotel(context: ShopContext, cartId: string, travelId: string) {
    return this.send({ method: "DELETE", context, cartId, travelId });
  }

  /** POST …/extras. */
  setExtra(context: ShopContext, cartId: string, travelId: string, extra: PostHotelExtra) {
    const body = Schema.encodeSync(PostHotelExtra)(extra);
    return this.send({ method: "POST", context, cartId, travelId, suffix: "/extras", body }).pipe(Effect.mapError(withText(extraFailureText)));
  }

  /** DELETE …/extras. */
  removeExtra(context: ShopContext, cartId: string, travelId: string, extraId: string) {
    const body = Schema.encodeSync(DeleteHotelExtra)({ extraId });
    return this.send({ method: "DELETE", context, cartId, travelId, suffix: "/extras", body });
  }

  /** PATCH …/add-ons. */
  changeAddOn(context: ShopContext, cartId: string, travelId: string, change: HotelAddOnChange) {
    const body = Schema.encodeSync(HotelAddOnChange)(change);
    return this.send({ method: "PATCH", context, cartId, travelId, suffix: "/add-ons", body }).pipe(Effect.mapError(withText(extraFailureText)));
  }

  /** DELETE …/add-ons. */
  removeAddOn(context: ShopContext, cartId: string, travelId: string, change: RemoveHotelAddOn) {
    const body = Schema.encodeSync(RemoveHotelAddOn)(change);
    return this.send({ method: "DELETE", context, cartId, travelId, suffix: "/add-ons", body });
  }
}

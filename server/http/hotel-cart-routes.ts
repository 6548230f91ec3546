import type { FastifyInstance, FastifyRequest } from "fastify";
import { Schema } from "effect";
import { DeleteHotelExtra, HotelAddOnChange, PostHotelExtra, PutHotelRoom, RemoveHotelAddOn } from "../../domain/travel.schema.ts";
import { requestCartToken } from "./request-headers.ts";
import { requestIdentity } from "./user-identity.ts";
import { makeHotelCartService, type HotelCaller } from "../travel/hotel-cart-service.ts";
import { authenticateShop } from "./api-routes.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

const HotelParams = Schema.Struct({ cartId: Schema.NonEmptyString, travelId: Schema.NonEmptyString });

/**
 * The hotel cart routes of Shop API v2 (spec §7; docs/travel-api.md): book, read and remove a hotel, its extras and
 * add-ons, each through the cart guard.
 */
export const hotelCartRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const hotel = makeHotelCartService({ db: deps.db, clock: deps.clock, guard: deps.cartGuard });
  const base = "/carts/:cartId/products/hotel/:travelId";
  const target = async (request: FastifyRequest): Promise<{ caller: HotelCaller; cartId: string; travelId: string }> => {
    const shop = await authenticateShop(deps.db, request);
    const { cartId, travelId } = decodeOrThrow(HotelParams, request.params, "path");
    return { caller: { shop, cartToken: requestCartToken(request), identity: requestIdentity(request) }, cartId, travelId };
  };

  app.get(base, async (request) => {
    const t = await target(request);
    return { data: await hotel.get(t.caller, t.cartId, t.travelId) };
  });

  app.put(base, async (request) => {
    const t = await target(request);
    const body = decodeOrThrow(PutHotelRoom, request.body, "body");
    return { data: await hotel.put(t.caller, t.cartId, t.travelId, body) };
  });

  app.delete(base, async (request) => {
    const t = await target(request);
    return { data: await hotel.remove(t.caller, t.cartId, t.travelId) };
  });

  app.post(`${base}/extras`, async (request) => {
    const t = await target(request);
    const body = decodeOrThrow(PostHotelExtra, request.body, "body");
    return { data: await hotel.postExtra(t.caller, t.cartId, t.travelId, body) };
  });

  app.delete(`${base}/extras`, async (request) => {
    const t = await target(request);
    const body = decodeOrThrow(DeleteHotelExtra, request.body, "body");
    return { data: await hotel.deleteExtra(t.caller, t.cartId, t.travelId, body.extraId) };
  });

  app.patch(`${base}/add-ons`, async (request) => {
    const t = await target(request);
    const body = decodeOrThrow(HotelAddOnChange, request.body, "body");
    return { data: await hotel.patchAddOn(t.caller, t.cartId, t.travelId, body) };
  });

  app.delete(`${base}/add-ons`, async (request) => {
    const t = await target(request);
    const body = decodeOrThrow(RemoveHotelAddOn, request.body, "body");
    return { data: await hotel.deleteAddOn(t.caller, t.cartId, t.travelId, body) };
  });
};

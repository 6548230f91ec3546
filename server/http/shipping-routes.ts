import type { FastifyInstance } from "fastify";
import { PutShippingCountry } from "../../domain/shipping-change.schema.ts";
import { setShippingCountry, shippingAnswer } from "../cart/shipping-country.ts";
import { decodeOrThrow } from "./decode.ts";
import { lockedShoppingCartWrite } from "./locked-cart-write.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * PUT /carts/{cartId}/shipping of Shop API v2 (mount under /api/v2; spec §4 Shipping country change, §9). Body
 * {country}; in one transaction with the cart locked: 200 {data: {cart, removedProductIds}} (the shipping price in the
 * cart total; a price-0 country removes the merchandise and gives its stock back), 422 shipping.country.unknown,
 * 400 request.invalid, 404 cart.not.found, 403 cart.token.invalid, 409 cart.expired / cart.not.shopping.
 */
export const shippingRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  app.put("/carts/:cartId/shipping", async (request) => {
    return lockedShoppingCartWrite(
      deps,
      request,
      (body) => decodeOrThrow(PutShippingCountry, body, "body"),
      (tx, shop, cart, body) => setShippingCountry(tx, shop, cart, body.country),
      (cart, change) => shippingAnswer(cart, change),
    );
  });
};

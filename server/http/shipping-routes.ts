import type { FastifyInstance } from "fastify";
import { PutShippingCountry } from "../../domain/shipping-change.schema.ts";
import { setShippingCountry, shippingAnswer } from "../cart/shipping-country.ts";
import { decodeOrThrow } from "./decode.ts";
import { lockedShoppingCartWrite } from "./locked-cart-write.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * PUT /carts/{cartId}/shipping (spec §4 Shipping country change, §9): sets the country in one transaction with the cart
 * locked; answers the cart and the removed merchandise.
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

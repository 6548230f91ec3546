import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Schema } from "effect";
import { PutShippingCountry } from "../../domain/shipping-change.schema.ts";
import { isExpired, lockCart, releaseHolds } from "../cart/cart-store.ts";
import { cartView } from "../cart/cart-view.ts";
import { setShippingCountry, shippingAnswer } from "../cart/shipping-country.ts";
import { carts } from "../db/schema.ts";
import { checkCartToken, requestCartToken } from "../orders/cart-token.ts";
import { authenticateShop } from "./api-routes.ts";
import { cartExpired, cartNotFound, cartNotShopping } from "./api-error.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

const CartIdParams = Schema.Struct({ cartId: Schema.NonEmptyString });

/**
 * PUT /carts/{cartId}/shipping of Shop API v2 (mount under /api/v2; spec §4 Shipping country change, §9). Body
 * {country}; in one transaction with the cart locked: 200 {data: {cart, removedProductIds}} (the shipping price in the
 * cart total; a price-0 country removes the merchandise and gives its stock back), 422 shipping.country.unknown,
 * 400 request.invalid, 404 cart.not.found, 403 cart.token.invalid, 409 cart.expired / cart.not.shopping.
 */
export const shippingRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const { db } = deps;
  app.put("/carts/:cartId/shipping", async (request) => {
    const shop = await authenticateShop(db, request);
    const { cartId } = decodeOrThrow(CartIdParams, request.params, "path");
    const body = decodeOrThrow(PutShippingCountry, request.body, "body");
    const token = requestCartToken(request);
    const now = deps.clock();
    const result = await db.transaction(async (tx) => {
      const cart = await lockCart(tx, cartId);
      if (!cart || cart.shopSlug !== shop.slug) throw cartNotFound();
      checkCartToken(cart, token);
      if (isExpired(cart, now)) {
        // Commit the release, then answer 409 outside the transaction (as the cart service does).
        await releaseHolds(tx, cart);
        return { expired: true as const };
      }
      if (cart.status !== "shopping") throw cartNotShopping();
      const change = await setShippingCountry(tx, shop, cart, body.country);
      const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
      const provider = deps.providers.get(shop.config.shopInit.paymentProvider);
      return { expired: false as const, value: shippingAnswer(await cartView(tx, shop, fresh ?? cart, provider, now), change) };
    });
    if (result.expired) throw cartExpired();
    return { data: result.value };
  });
};

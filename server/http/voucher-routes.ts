import type { FastifyInstance } from "fastify";
import { PutVoucher } from "../../domain/voucher.schema.ts";
import { applyCartVoucher } from "../vouchers/voucher-holds.ts";
import { decodeOrThrow } from "./decode.ts";
import { lockedShoppingCartWrite } from "./locked-cart-write.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * PUT /carts/{cartId}/vouchers of Shop API v2 (spec §7, §8 Voucher, §9) (mount under /api/v2). Body {voucher}; in one
 * transaction with the cart locked: 200 {data: Cart} with the discount in the totals (a blank code removes the voucher),
 * 422 voucher.invalid, 409 voucher.used, 400 request.invalid, 404 cart.not.found, 403 cart.token.invalid,
 * 409 cart.expired / cart.not.shopping.
 */
export const voucherRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  app.put("/carts/:cartId/vouchers", async (request) => {
    return lockedShoppingCartWrite(
      deps,
      request,
      (body) => decodeOrThrow(PutVoucher, body, "body"),
      (tx, shop, cart, body, now) => applyCartVoucher(tx, shop, cart, body.voucher, now),
      (cart) => cart,
    );
  });
};

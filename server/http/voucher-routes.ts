import type { FastifyInstance } from "fastify";
import { PutVoucher } from "../../domain/voucher.schema.ts";
import { applyCartVoucher } from "../vouchers/voucher-holds.ts";
import { decodeOrThrow } from "./decode.ts";
import { lockedShoppingCartWrite } from "./locked-cart-write.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * PUT /carts/{cartId}/vouchers (spec §7, §8 Voucher, §9): applies or removes the voucher in one transaction with the
 * cart locked; answers the cart with the discount.
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

import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./route-deps.ts";

/** PUT /carts/{cartId}/vouchers of Shop API v2 (spec §7) (mount under /api/v2). */
export const voucherRoutes = (_deps: RouteDeps) => async (_app: FastifyInstance) => {};

import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./route-deps.ts";

/** POST /get-orders of Shop API v2 (spec §7, §3 Previous order) (mount under /api/v2). */
export const orderLookupRoutes = (_deps: RouteDeps) => async (_app: FastifyInstance) => {};

import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./route-deps.ts";

/** Hotel cart calls of Shop API v2 (spec §7): hotel cart, extras, add-ons (mount under /api/v2). */
export const hotelCartRoutes = (_deps: RouteDeps) => async (_app: FastifyInstance) => {};

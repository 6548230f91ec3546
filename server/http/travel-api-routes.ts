import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./route-deps.ts";

/** Travel API (spec §7 Travel API): settings, packages, options, extras under /travel-api/{travelId}/en. */
export const travelApiRoutes = (_deps: RouteDeps) => async (_app: FastifyInstance) => {};

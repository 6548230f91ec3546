import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./route-deps.ts";

/** Other calls (spec §7): the notice endpoint and GET /api/init on the shop's own origin. */
export const siteRoutes = (_deps: RouteDeps) => async (_app: FastifyInstance) => {};

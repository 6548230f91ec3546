import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./route-deps.ts";

/** Adyen notification webhook and return handling (spec §7 orders, §9 payment providers). */
export const adyenRoutes = (_deps: RouteDeps) => async (_app: FastifyInstance) => {};

import type { FastifyInstance } from "fastify";
import { GetOrdersRequest, lookupKind } from "../../domain/order-lookup.schema.ts";
import { requestCartToken } from "./request-headers.ts";
import { lookUpOrders } from "../orders/previous-orders.ts";
import type { OrderLookupLimit } from "../orders/order-lookup-limit.ts";
import { OrderLookupsLimited } from "../orders/orders.errors.ts";
import { authenticateShop } from "./api-routes.ts";
import { invalidRequest } from "../failure.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * POST /get-orders (spec §7, §3 Previous order, §5 Order number lookup; docs/vouchers-and-orders.md) under /api/v2:
 * the decoded lookup by lookUpOrders, guarded by `limit` (past it OrderLookupsLimited with Retry-After).
 */
export const orderLookupRoutes = (deps: RouteDeps, limit: OrderLookupLimit) => async (app: FastifyInstance) => {
  const { db } = deps;
  app.post("/get-orders", async (request, reply) => {
    const shop = await authenticateShop(db, request);
    const query = decodeOrThrow(GetOrdersRequest, request.body ?? {}, "body");
    if (lookupKind(query) === null) {
      throw invalidRequest("Invalid body: give exactly one of consumer_email, reference, consumer_external_reference, or reference or consumer_external_reference with consumer_email");
    }
    try {
      return { data: await limit.guard(request.ip, query, () => lookUpOrders(db, shop, query, requestCartToken(request))) };
    } catch (error) {
      if (error instanceof OrderLookupsLimited) reply.header("retry-after", String(error.retryAfterSeconds));
      throw error;
    }
  });
};

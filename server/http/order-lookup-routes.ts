import type { FastifyInstance } from "fastify";
import { GetOrdersRequest, lookupKeyCount } from "../../domain/order-lookup.schema.ts";
import { requestCartToken } from "./request-headers.ts";
import { lookUpOrders } from "../orders/previous-orders.ts";
import { authenticateShop } from "./api-routes.ts";
import { invalidRequest } from "../failure.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * POST /get-orders of Shop API v2 (spec §7, §3 Previous order, §5 Order number lookup) (mount under /api/v2). Body with
 * exactly one of consumer_email, reference (9 digits), consumer_external_reference (UUID), else 400 request.invalid;
 * the order's x-cart-token is required. 200 {data: {original_orders, upsell: {hospitality}}}; 404 order.not.found
 * when nothing matches or the token is wrong (never says which).
 */
export const orderLookupRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const { db } = deps;
  app.post("/get-orders", async (request) => {
    const shop = await authenticateShop(db, request);
    const query = decodeOrThrow(GetOrdersRequest, request.body ?? {}, "body");
    if (lookupKeyCount(query) !== 1) {
      throw invalidRequest("Invalid body: give exactly one of consumer_email, reference, consumer_external_reference");
    }
    return { data: await lookUpOrders(db, shop, query, requestCartToken(request)) };
  });
};

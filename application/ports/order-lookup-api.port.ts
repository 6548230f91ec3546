import { Data, type Effect } from "effect";
import type { GetOrdersBody, PreviousOrders } from "../../domain/order-lookup.schema.ts";
import type { ShopContext } from "./shop-context.ts";

/** get-orders found no order for the key (or the cart token is not the order's): 404 order.not.found. spec §4 Add-on lookup no-order. */
export class OrderNotFoundError extends Data.TaggedError("OrderNotFoundError")<{ readonly message: string }> {}

/** get-orders failed otherwise (network, 4xx/5xx, answer off the contract). spec §4 Add-on lookup failed, §8 'order lookup failed'. */
export class OrderLookupFailedError extends Data.TaggedError("OrderLookupFailedError")<{ readonly message: string }> {}

/** Port to POST /get-orders of the Shop API v2 (spec §7, §3 Previous order); the context carries the order's cart token. */
export interface OrderLookupApi {
  /** The previous orders matching `body` (prices in cents) with their hospitality add-ons. */
  getOrders(context: ShopContext, body: GetOrdersBody): Effect.Effect<PreviousOrders, OrderNotFoundError | OrderLookupFailedError>;
}

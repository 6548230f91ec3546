import type { Effect } from "effect";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/**
 * Port to the add-on waiting list (docs/shop-api.md; spec §1 add-on shop, §3 Previous order), proven by the order's
 * cart token; failures are ShopApiError (order.not.found, 5001).
 */
export interface AddOnWaitingListApi {
  /** GET /orders/{reference}/add-on-waiting-list: the order's entries, with an offer made since the last visit. */
  list(context: ShopContext, reference: string): Effect.Effect<AddOnWaitingList, ApiFailure>;
  /** POST /orders/{reference}/add-on-waiting-list {addonId}: joins the add-on's line (joining again changes nothing). */
  join(context: ShopContext, reference: string, addonId: string): Effect.Effect<AddOnWaitingList, ApiFailure>;
  /** DELETE /orders/{reference}/add-on-waiting-list/{addonId}: leaves the add-on's line. */
  leave(context: ShopContext, reference: string, addonId: string): Effect.Effect<AddOnWaitingList, ApiFailure>;
}

import type { Effect } from "effect";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/**
 * Port to the add-on waiting list of Shop API v2 (docs/shop-api.md "Add-on waiting list"; spec §1 add-on shop, §3
 * Previous order). The context carries the earlier order's cart token; each call answers the order's waiting list.
 * Failures are ShopApiError: 404 order.not.found (not the order's token), 404 5001 (an add-on the order does not offer).
 */
export interface AddOnWaitingListApi {
  /** GET /orders/{reference}/add-on-waiting-list: the order's entries, with an offer made since the last visit. */
  list(context: ShopContext, reference: string): Effect.Effect<AddOnWaitingList, ApiFailure>;
  /** POST /orders/{reference}/add-on-waiting-list {addonId}: joins the add-on's line (joining again changes nothing). */
  join(context: ShopContext, reference: string, addonId: string): Effect.Effect<AddOnWaitingList, ApiFailure>;
  /** DELETE /orders/{reference}/add-on-waiting-list/{addonId}: leaves the add-on's line. */
  leave(context: ShopContext, reference: string, addonId: string): Effect.Effect<AddOnWaitingList, ApiFailure>;
}

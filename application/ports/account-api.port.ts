import type { Effect } from "effect";
import type { AccountOrders } from "../../domain/account-orders.schema.ts";
import type { ApiFailure } from "../errors.ts";

/** Port to the account calls of the Shop API v2 (spec §6 "Logged-in user"): the calls that ask about an account, not a shop. */
export interface AccountApi {
  /** GET /account/orders with x-user-token `userToken`: the account's orders in the brand's shops (money in cents), newest first. 401 without a valid token. */
  getOrders(userToken: string): Effect.Effect<AccountOrders, ApiFailure>;
}

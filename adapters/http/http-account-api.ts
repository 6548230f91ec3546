import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { USER_TOKEN_HEADER } from "../../domain/api.schema.ts";
import { AccountOrders } from "../../domain/account-orders.schema.ts";
import type { ApiFailure } from "../../application/errors.ts";
import type { AccountApi } from "../../application/ports/account-api.port.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

/** AccountApi over HTTP (Shop API v2 at `{baseUrl}/api/v2`, spec §6): GET /account/orders with x-user-token only (no shop headers), decoded as AccountOrders (euros -> cents). */
@injectable()
export class HttpAccountApi implements AccountApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** GET /account/orders. */
  getOrders(userToken: string): Effect.Effect<AccountOrders, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: "/account/orders", headers: { [USER_TOKEN_HEADER]: userToken } }, AccountOrders, this.http);
  }
}

import { inject, injectable } from "tsyringe";
import type { AddOnWaitingListApi } from "../../application/ports/add-on-waiting-list-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { AddOnWaitingList, JoinAddOnWaitingListBody } from "../../domain/add-on-waiting-list.schema.ts";
import { Schema } from "effect";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

const listPath = (reference: string) => `/orders/${encodeURIComponent(reference)}/add-on-waiting-list`;

/**
 * AddOnWaitingListApi over HTTP (docs/shop-api.md "Add-on waiting list"): shop headers plus the context's x-cart-token,
 * the answer decoded as AddOnWaitingList; a 4xx envelope becomes ShopApiError, a transport failure NetworkError.
 */
@injectable()
export class HttpAddOnWaitingListApi implements AddOnWaitingListApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** GET /orders/{reference}/add-on-waiting-list. */
  list(context: ShopContext, reference: string) {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: listPath(reference), context }, AddOnWaitingList, this.http);
  }

  /** POST /orders/{reference}/add-on-waiting-list {addonId}. */
  join(context: ShopContext, reference: string, addonId: string) {
    const body = Schema.encodeSync(JoinAddOnWaitingListBody)({ addonId });
    return sendShopApiRequest(this.baseUrl, { method: "POST", path: listPath(reference), context, body }, AddOnWaitingList, this.http);
  }

  /** DELETE /orders/{reference}/add-on-waiting-list/{addonId}. */
  leave(context: ShopContext, reference: string, addonId: string) {
    return sendShopApiRequest(this.baseUrl, { method: "DELETE", path: `${listPath(reference)}/${encodeURIComponent(addonId)}`, context }, AddOnWaitingList, this.http);
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { ORDER_NOT_FOUND, PreviousOrders, type GetOrdersBody } from "../../domain/order-lookup.schema.ts";
import { OrderLookupFailedError, type OrderLookupApi, OrderNotFoundError } from "../../application/ports/order-lookup-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

/**
 * OrderLookupApi over HTTP (POST /get-orders, spec §7): shop headers plus the context's x-cart-token; the answer decoded
 * as PreviousOrders (euros -> cents). 404 order.not.found -> OrderNotFoundError; any other failure -> OrderLookupFailedError.
 */
@injectable()
export class HttpOrderLookupApi implements OrderLookupApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** POST /get-orders {consumer_email | reference | consumer_external_reference}. */
  getOrders(context: ShopContext, body: GetOrdersBody): Effect.Effect<PreviousOrders, OrderNotFoundError | OrderLookupFailedError> {
    return sendShopApiRequest(this.baseUrl, { method: "POST", path: "/get-orders", context, body }, PreviousOrders, this.http).pipe(
      Effect.mapError((failure) =>
        failure._tag === "ShopApiError" && failure.status === 404 && failure.code === ORDER_NOT_FOUND
          ? new OrderNotFoundError({ message: failure.message })
          : new OrderLookupFailedError({ message: failure.message }),
      ),
    );
  }
}

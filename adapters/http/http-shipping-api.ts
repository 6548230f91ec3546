import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../../application/errors.ts";
import type { ShippingApi } from "../../application/ports/shipping-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { PutShippingCountry, ShippingCountryChanged } from "../../domain/shipping-change.schema.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

/** ShippingApi over HTTP (PUT /carts/{cartId}/shipping {country}); the answer decoded as {cart, removedProductIds}, failures as the port's ApiFailure. */
@injectable()
export class HttpShippingApi implements ShippingApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** PUT /carts/{cartId}/shipping. */
  putShippingCountry(context: ShopContext, cartId: string, country: string): Effect.Effect<ShippingCountryChanged, ApiFailure> {
    const body = Schema.encodeSync(PutShippingCountry)({ country });
    return sendShopApiRequest(this.baseUrl, { method: "PUT", path: `/carts/${encodeURIComponent(cartId)}/shipping`, context, body }, ShippingCountryChanged, this.http);
  }
}

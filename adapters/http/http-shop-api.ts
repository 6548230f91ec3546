import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import { Product } from "../../domain/product.schema.ts";
import { ShopAccess } from "../../domain/shop-access.schema.ts";
import { ShopConfig, ShopSummary } from "../../domain/shop.schema.ts";
import type { ApiFailure } from "../../application/errors.ts";
import type { ShopApi } from "../../application/ports/shop-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

const ShopList = Schema.Array(ShopSummary);
const ProductList = Schema.Array(Product);

/** ShopApi over HTTP (Shop API v2 at `{baseUrl}/api/v2`, spec §7): GET /shops, GET /shop, GET /products, GET /shop/access, decoded with the domain Schemas. */
@injectable()
export class HttpShopApi implements ShopApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** GET /shops. */
  listShops(): Effect.Effect<ReadonlyArray<ShopSummary>, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: "/shops" }, ShopList, this.http);
  }

  /** GET /shop. */
  getShop(context: ShopContext): Effect.Effect<ShopConfig, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: "/shop", context }, ShopConfig, this.http);
  }

  /** GET /products. */
  getProducts(context: ShopContext): Effect.Effect<ReadonlyArray<Product>, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: "/products", context }, ProductList, this.http);
  }

  /** GET /shop/access. */
  getAccess(context: ShopContext): Effect.Effect<ShopAccess, ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path: "/shop/access", context }, ShopAccess, this.http);
  }
}

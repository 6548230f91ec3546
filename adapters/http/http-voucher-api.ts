import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import { Cart } from "../../domain/cart.schema.ts";
import { PutVoucher, VOUCHER_INVALID_MESSAGE, voucherErrorText } from "../../domain/voucher.schema.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { VOUCHER_REQUEST_FAILED, type VoucherApi, VoucherRejectedError } from "../../application/ports/voucher-api.port.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";

/**
 * VoucherApi over HTTP (PUT /carts/{cartId}/vouchers, spec §7): the answer decoded as Cart; failures mapped per spec §8
 * Voucher (voucher.invalid / voucher.used texts, other codes the server's message, a failed request the invalid text).
 */
@injectable()
export class HttpVoucherApi implements VoucherApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** PUT /carts/{cartId}/vouchers {voucher}. */
  applyVoucher(context: ShopContext, cartId: string, voucher: string): Effect.Effect<Cart, VoucherRejectedError> {
    const body = Schema.encodeSync(PutVoucher)({ voucher });
    return sendShopApiRequest(this.baseUrl, { method: "PUT", path: `/carts/${encodeURIComponent(cartId)}/vouchers`, context, body }, Cart, this.http).pipe(
      Effect.mapError((failure) =>
        failure._tag === "ShopApiError"
          ? new VoucherRejectedError({ code: failure.code, message: voucherErrorText(failure) })
          : new VoucherRejectedError({ code: VOUCHER_REQUEST_FAILED, message: VOUCHER_INVALID_MESSAGE }),
      ),
    );
  }
}

import { Data, type Effect } from "effect";
import type { Cart } from "../../domain/cart.schema.ts";
import type { ShopContext } from "./shop-context.ts";

/**
 * The voucher was not applied (spec §8 Voucher): the server's `code` (or "request.failed") and the `message` to show.
 */
export class VoucherRejectedError extends Data.TaggedError("VoucherRejectedError")<{
  readonly code: string;
  readonly message: string;
}> {}

/** Code of VoucherRejectedError when the request failed (network, unexpected answer); shown with the invalid text. spec §8. */
export const VOUCHER_REQUEST_FAILED = "request.failed";

/** Port to PUT /carts/{cartId}/vouchers of the Shop API v2 (spec §7, §4 Voucher states). */
export interface VoucherApi {
  /** Applies `voucher` (sent as typed; "" removes it) and answers the cart (order.availablePaymentMethods replaced, totals in cents). */
  applyVoucher(context: ShopContext, cartId: string, voucher: string): Effect.Effect<Cart, VoucherRejectedError>;
}

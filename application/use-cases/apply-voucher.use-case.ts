import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import { VOUCHER_INVALID, VOUCHER_INVALID_MESSAGE } from "../../domain/voucher.schema.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { VOUCHER_API } from "../ports/tokens.ts";
import { type VoucherApi, VoucherRejectedError } from "../ports/voucher-api.port.ts";

/**
 * Applies a voucher code to the cart (spec §4 Voucher: loading, then accepted with the available payment methods
 * replaced, or error; §8 Voucher texts). Fails with VoucherRejectedError.
 */
@injectable()
export class ApplyVoucher {
  constructor(@inject(VOUCHER_API) private readonly vouchers: VoucherApi) {}

  /** Applies the trimmed `code`; a blank code is refused as voucher.invalid without a call (the button is disabled then, spec §5). */
  execute(input: { readonly context: ShopContext; readonly cartId: string; readonly code: string }): Effect.Effect<Cart, VoucherRejectedError> {
    const trimmed = input.code.trim();
    if (trimmed === "") return Effect.fail(new VoucherRejectedError({ code: VOUCHER_INVALID, message: VOUCHER_INVALID_MESSAGE }));
    return this.vouchers.applyVoucher(input.context, input.cartId, trimmed);
  }
}

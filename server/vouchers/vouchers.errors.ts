import { Data } from "effect";
import { VOUCHER_INVALID, VOUCHER_INVALID_MESSAGE, VOUCHER_USED, VOUCHER_USED_MESSAGE } from "../../domain/voucher.schema.ts";
import type { FailureFields } from "../failure.ts";

/** `voucher.invalid`: no such voucher in this shop. spec §8 Voucher. Status: server/http/failure-status.ts. */
export class VoucherInvalid extends Data.TaggedError("VoucherInvalid")<FailureFields> {}
/** `voucher.used`: single-use voucher redeemed, or held by another cart within its 30-minute hold. spec §8, §9. */
export class VoucherUsed extends Data.TaggedError("VoucherUsed")<FailureFields> {}

/** VoucherInvalid `voucher.invalid`. spec §8. */
export const voucherInvalid = (): VoucherInvalid => new VoucherInvalid({ code: VOUCHER_INVALID, message: VOUCHER_INVALID_MESSAGE });
/** VoucherUsed `voucher.used`. spec §8, §9. */
export const voucherUsed = (): VoucherUsed => new VoucherUsed({ code: VOUCHER_USED, message: VOUCHER_USED_MESSAGE });

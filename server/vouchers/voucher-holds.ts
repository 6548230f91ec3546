import { and, eq, isNull, lte, or } from "drizzle-orm";
import { discountOn, normalizeVoucherCode, VOUCHER_HOLD_SECONDS, VOUCHER_INVALID, VOUCHER_INVALID_MESSAGE, VOUCHER_USED, VOUCHER_USED_MESSAGE, type VoucherTerms } from "../../domain/voucher.schema.ts";
import type { Cents } from "../../domain/money.ts";
import type { Db, Tx } from "../db/database.ts";
import { carts, vouchers } from "../db/schema.ts";
import type { CartRow } from "../cart/cart-store.ts";
import { ApiError } from "../http/api-error.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/** A voucher row as stored. */
export type VoucherRow = typeof vouchers.$inferSelect;

/** 422 `voucher.invalid`: no such voucher in this shop. spec §8 Voucher. */
export const voucherInvalid = (): ApiError => new ApiError(422, VOUCHER_INVALID, VOUCHER_INVALID_MESSAGE);
/** 409 `voucher.used`: single-use voucher redeemed, or held by another cart within its 30-minute hold. spec §8, §9. */
export const voucherUsed = (): ApiError => new ApiError(409, VOUCHER_USED, VOUCHER_USED_MESSAGE);

/** The voucher's terms: fixed amount (cents) when discountAmount is set, else the percentage (0 when neither). */
export const termsOf = (row: VoucherRow): VoucherTerms =>
  row.discountAmount !== null ? { amount: row.discountAmount as Cents } : { percent: row.discountPercent ?? 0 };

/** The voucher `code` (already normalised) of shop `shopSlug`, or undefined. */
export const findVoucher = async (db: Db | Tx, shopSlug: string, code: string): Promise<VoucherRow | undefined> => {
  const [row] = await db.select().from(vouchers).where(and(eq(vouchers.shopSlug, shopSlug), eq(vouchers.code, code)));
  return row;
};

/** True when the cart may use the voucher now: multi-use, or single-use held or redeemed by this very cart. */
const belongsTo = (row: VoucherRow, cartId: string): boolean =>
  !row.singleUse || row.redeemedByCart === cartId || (row.redeemedByCart === null && row.heldByCart === cartId);

/** Gives back a single-use hold of `code` that `cartId` has (nothing when another cart holds it or it is redeemed). */
const releaseHold = async (tx: Tx, shopSlug: string, code: string, cartId: string): Promise<void> => {
  await tx
    .update(vouchers)
    .set({ heldByCart: null, heldUntil: null })
    .where(and(eq(vouchers.shopSlug, shopSlug), eq(vouchers.code, code), eq(vouchers.heldByCart, cartId), isNull(vouchers.redeemedByCart)));
};

/**
 * Applies the typed `code` to the locked shopping cart (PUT /carts/{id}/vouchers, spec §7, §9): normalised (trimmed,
 * upper case); blank removes the cart's voucher (and gives back its hold). A single-use voucher is held for this cart
 * for VOUCHER_HOLD_SECONDS from `now` with ONE conditional UPDATE (free, ours, or an expired hold), so of concurrent
 * carts exactly one wins. Throws 422 voucher.invalid (unknown) or 409 voucher.used (redeemed / held elsewhere).
 */
export const applyCartVoucher = async (tx: Tx, shop: ShopRecord, cart: CartRow, typed: string, now: Date): Promise<void> => {
  const code = normalizeVoucherCode(typed);
  const previous = cart.voucherCode;
  if (code === "") {
    if (previous !== null) await releaseHold(tx, shop.slug, previous, cart.id);
    await tx.update(carts).set({ voucherCode: null }).where(eq(carts.id, cart.id));
    return;
  }
  const row = await findVoucher(tx, shop.slug, code);
  if (!row) throw voucherInvalid();
  if (row.singleUse) {
    const held = await tx
      .update(vouchers)
      .set({ heldByCart: cart.id, heldUntil: new Date(now.getTime() + VOUCHER_HOLD_SECONDS * 1000) })
      .where(
        and(
          eq(vouchers.shopSlug, shop.slug),
          eq(vouchers.code, code),
          isNull(vouchers.redeemedByCart),
          or(isNull(vouchers.heldByCart), eq(vouchers.heldByCart, cart.id), lte(vouchers.heldUntil, now)),
        ),
      )
      .returning({ code: vouchers.code });
    if (held.length === 0) throw voucherUsed();
  }
  if (previous !== null && previous !== code) await releaseHold(tx, shop.slug, previous, cart.id);
  await tx.update(carts).set({ voucherCode: code }).where(eq(carts.id, cart.id));
};

/**
 * Discount in cents of the cart's voucher on `subtotal` cents (never more than the subtotal; 0 without a voucher, or
 * when a single-use voucher is no longer held or redeemed by this cart because its hold ran out and another cart took it). spec §7 vouchers, §9.
 */
export const voucherDiscount = async (db: Db | Tx, shop: ShopRecord, cart: CartRow, subtotal: Cents): Promise<Cents> => {
  if (cart.voucherCode === null) return 0 as Cents;
  const row = await findVoucher(db, shop.slug, cart.voucherCode);
  if (!row || !belongsTo(row, cart.id)) return 0 as Cents;
  return discountOn(subtotal, termsOf(row));
};

/**
 * Marks the cart's single-use voucher redeemed when its payment succeeds (row locked by the caller): one conditional
 * UPDATE, only while this cart still holds it; multi-use vouchers stay open. spec §7 vouchers, §9.
 */
export const redeemCartVoucher = async (tx: Tx, cart: CartRow, now: Date): Promise<void> => {
  if (cart.voucherCode === null) return;
  await tx
    .update(vouchers)
    .set({ redeemedByCart: cart.id, redeemedAt: now, heldByCart: null, heldUntil: null })
    .where(
      and(
        eq(vouchers.shopSlug, cart.shopSlug),
        eq(vouchers.code, cart.voucherCode),
        eq(vouchers.singleUse, true),
        isNull(vouchers.redeemedByCart),
        eq(vouchers.heldByCart, cart.id),
      ),
    );
};

/** Seconds left on a voucher's hold at `now` (0 when free or expired); for diagnostics and tests. */
export const holdSecondsLeft = (row: VoucherRow, now: Date): number =>
  row.heldUntil === null ? 0 : Math.max(0, Math.floor((row.heldUntil.getTime() - now.getTime()) / 1000));


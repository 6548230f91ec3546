import { and, eq, isNull, lte, or } from "drizzle-orm";
import { discountOn, normalizeVoucherCode, VOUCHER_HOLD_SECONDS, VOUCHER_INVALID, VOUCHER_INVALID_MESSAGE, VOUCHER_USED, VOUCHER_USED_MESSAGE, type VoucherTerms } from "../../domain/voucher.schema.ts";
import type { Cents } from "../../domain/money.ts";
import type { Db, Tx } from "../db/database.ts";
import { carts, vouchers } from "../db/schema.ts";
import type { CartRow } from "../cart/cart-store.ts";
import { voucherInvalid, voucherUsed } from "./vouchers.errors.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/** A voucher row as stored. */
export type VoucherRow = typeof vouchers.$inferSelect;

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
 * Holds the single-use voucher `code` for `cartId` until `until` with ONE conditional UPDATE, only while it is not
 * redeemed and is free, already this cart's, or its hold ran out at `now`; of concurrent carts exactly one wins.
 * True when this cart now holds it.
 */
const takeSingleUseHold = async (tx: Tx, shopSlug: string, code: string, cartId: string, now: Date, until: Date): Promise<boolean> => {
  const held = await tx
    .update(vouchers)
    .set({ heldByCart: cartId, heldUntil: until })
    .where(
      and(
        eq(vouchers.shopSlug, shopSlug),
        eq(vouchers.code, code),
        eq(vouchers.singleUse, true),
        isNull(vouchers.redeemedByCart),
        or(isNull(vouchers.heldByCart), eq(vouchers.heldByCart, cartId), lte(vouchers.heldUntil, now)),
      ),
    )
    .returning({ code: vouchers.code });
  return held.length > 0;
};

/**
 * Applies the typed voucher code to a locked shopping cart (spec §7, §9); a single-use one is held for
 * VOUCHER_HOLD_SECONDS by one conditional update. VoucherInvalid or VoucherUsed.
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
  if (row.singleUse && !(await takeSingleUseHold(tx, shop.slug, code, cart.id, now, new Date(now.getTime() + VOUCHER_HOLD_SECONDS * 1000)))) {
    throw voucherUsed();
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
 * Holds the cart's single-use voucher until the payment's end (placing an order), so no other cart takes it meanwhile;
 * VoucherUsed when another has it. spec §7, §8 Voucher, §9.
 */
export const holdCartVoucherForPayment = async (tx: Tx, cart: CartRow, now: Date, until: Date): Promise<void> => {
  if (cart.voucherCode === null) return;
  const row = await findVoucher(tx, cart.shopSlug, cart.voucherCode);
  if (!row?.singleUse) return;
  const heldUntil = new Date(Math.max(until.getTime(), now.getTime() + VOUCHER_HOLD_SECONDS * 1000));
  if (!(await takeSingleUseHold(tx, cart.shopSlug, row.code, cart.id, now, heldUntil))) throw voucherUsed();
};

/**
 * Redeems the cart's single-use voucher when its payment succeeds; false when another cart has it, so this order must
 * not confirm. spec §7, §9.
 */
export const redeemCartVoucher = async (tx: Tx, cart: CartRow, now: Date): Promise<boolean> => {
  if (cart.voucherCode === null) return true;
  const redeemed = await tx
    .update(vouchers)
    .set({ redeemedByCart: cart.id, redeemedAt: now, heldByCart: null, heldUntil: null })
    .where(
      and(
        eq(vouchers.shopSlug, cart.shopSlug),
        eq(vouchers.code, cart.voucherCode),
        eq(vouchers.singleUse, true),
        isNull(vouchers.redeemedByCart),
        or(eq(vouchers.heldByCart, cart.id), isNull(vouchers.heldByCart), lte(vouchers.heldUntil, now)),
      ),
    )
    .returning({ code: vouchers.code });
  if (redeemed.length > 0) return true;
  const row = await findVoucher(tx, cart.shopSlug, cart.voucherCode);
  return !row?.singleUse || row.redeemedByCart === cart.id;
};


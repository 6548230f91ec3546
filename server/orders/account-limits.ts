import type { CheckoutError } from "../../domain/cart.schema.ts";
import { accountLimitCheckoutErrors } from "../../domain/checkout-rules.ts";
import type { Db, Tx } from "../db/database.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { accountOrderCount, cartOrderAccount } from "./account-gates.ts";

/**
 * Account checkout errors (spec §6 "a max-orders-per-account error blocks ordering", §8 8001): when the shop sets
 * maxOrdersPerAccount and the cart's account (its owner, else its checkout e-mail trimmed and lower-cased) already has
 * that many orders in this shop, confirmed or in payment (unexpired at `now`), [{code: validation.max.orders.per.account,
 * message}], so checkoutAllowed is false. Add-on carts (extending an order) and confirmed carts are never blocked; a
 * cart with neither owner nor e-mail has nothing to count.
 */
export const accountCheckoutErrors = async (db: Db | Tx, shop: ShopRecord, cart: CartRow, now: Date): Promise<CheckoutError[]> => {
  const max = shop.config.maxOrdersPerAccount;
  if (max === undefined || cart.addOnReference !== null || cart.status === "confirmed") return [];
  const account = cartOrderAccount(cart);
  if (account === null) return [];
  const email = (cart.details as { email?: unknown } | null)?.email;
  return accountLimitCheckoutErrors(max, await accountOrderCount(db, shop.slug, account, typeof email === "string" ? email : undefined, cart.id, now, true));
};

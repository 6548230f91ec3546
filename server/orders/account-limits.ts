import type { CheckoutError } from "../../domain/cart.schema.ts";
import { accountLimitCheckoutErrors } from "../../domain/checkout-rules.ts";
import type { Db, Tx } from "../db/database.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { accountOrderCount, cartOrderAccount } from "./account-gates.ts";

/**
 * The account checkout errors (spec §6, §8 8001): the max-orders error when the cart's account already has
 * maxOrdersPerAccount orders in the shop, so checkoutAllowed is false.
 */
export const accountCheckoutErrors = async (db: Db | Tx, shop: ShopRecord, cart: CartRow, now: Date): Promise<CheckoutError[]> => {
  const max = shop.config.maxOrdersPerAccount;
  if (max === undefined || cart.addOnReference !== null || cart.status === "confirmed") return [];
  const account = cartOrderAccount(cart);
  if (account === null) return [];
  const email = (cart.details as { email?: unknown } | null)?.email;
  return accountLimitCheckoutErrors(max, await accountOrderCount(db, shop.slug, account, typeof email === "string" ? email : undefined, cart.id, now, true));
};

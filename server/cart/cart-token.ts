import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { carts } from "../db/schema.ts";
import { isUuid } from "../../domain/uuid.ts";
import { secretMatches } from "../secret-matches.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { cartTokenInvalid } from "./cart.errors.ts";

/** Throws CartTokenInvalid when the cart row has a cart token and `given` does not match it. spec §6. */
export const checkCartToken = (cart: { readonly cartToken: string | null }, given: string | undefined): void => {
  if (cart.cartToken !== null && !secretMatches(given, cart.cartToken)) throw cartTokenInvalid();
};

/**
 * Guard of every call on an existing cart (spec §6 "add-on shop and deep-link carts authenticate with a cart token
 * header"): when the shop's cart `cartId` has a cart token, `given` (the request's x-cart-token) must be the same,
 * else CartTokenInvalid. Unknown carts pass (the call itself answers cart.not.found). The token never changes after
 * creation, so reading it before the call's own transaction is race-free.
 */
export const assertCartToken = async (db: Db | Tx, shop: ShopRecord, cartId: string, given: string | undefined): Promise<void> => {
  if (!isUuid(cartId)) return;
  const [row] = await db
    .select({ cartToken: carts.cartToken })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.shopSlug, shop.slug)));
  if (row) checkCartToken(row, given);
};

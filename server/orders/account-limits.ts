import type { CheckoutError } from "../../domain/cart.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/** Account checkout errors, e.g. validation.max.orders.per.account when the details' e-mail already ordered. spec §8. */
export const accountCheckoutErrors = async (_db: Db | Tx, _shop: ShopRecord, _cart: CartRow): Promise<CheckoutError[]> => [];

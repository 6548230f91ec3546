import { and, eq, ne, sql } from "drizzle-orm";
import type { CheckoutError } from "../../domain/cart.schema.ts";
import { accountLimitCheckoutErrors } from "../../domain/checkout-rules.ts";
import type { Db, Tx } from "../db/database.ts";
import { carts, previousOrders } from "../db/schema.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/**
 * Confirmed orders of `email` (lower-cased) in the shop: previous orders plus confirmed carts whose checkout details
 * carry that e-mail, leaving out `exceptCartId`.
 */
export const confirmedOrderCount = async (db: Db | Tx, shopSlug: string, email: string, exceptCartId: string): Promise<number> => {
  const address = email.trim().toLowerCase();
  const [previous] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(previousOrders)
    .where(and(eq(previousOrders.shopSlug, shopSlug), eq(sql`lower(${previousOrders.consumerEmail})`, address)));
  const [confirmed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(carts)
    .where(
      and(
        eq(carts.shopSlug, shopSlug),
        eq(carts.status, "confirmed"),
        ne(carts.id, exceptCartId),
        eq(sql`lower(${carts.details}->>'email')`, address),
      ),
    );
  return Number(previous?.n ?? 0) + Number(confirmed?.n ?? 0);
};

/**
 * Account checkout errors (spec §6 "a max-orders-per-account error blocks ordering", §8 8001): when the shop sets
 * maxOrdersPerAccount and the cart's checkout details e-mail already has that many confirmed orders in this shop,
 * [{code: validation.max.orders.per.account, message}], so checkoutAllowed is false. Add-on carts (extending an
 * order) and confirmed carts are never blocked; no details, no error.
 */
export const accountCheckoutErrors = async (db: Db | Tx, shop: ShopRecord, cart: CartRow): Promise<CheckoutError[]> => {
  const max = shop.config.maxOrdersPerAccount;
  const email = (cart.details as { email?: unknown } | null)?.email;
  if (max === undefined || typeof email !== "string" || cart.addOnReference !== null || cart.status === "confirmed") return [];
  return accountLimitCheckoutErrors(max, await confirmedOrderCount(db, shop.slug, email, cart.id));
};

import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { eurosToCents } from "../../domain/money.ts";
import type { PreviousPurchase } from "../../domain/order-lookup.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import { cartItems, previousOrders, products } from "../db/schema.ts";
import { confirmedAddOnPurchases, decodePreviousOrderData, previousOrderData, type PreviousOrderRow } from "./previous-orders.ts";

/** What recording a paid cart as an order reads of it: id, shop, checkout details and the order it extends (add-on carts). */
export interface PaidCart {
  readonly id: string;
  readonly shopSlug: string;
  readonly details: unknown;
  readonly addOnReference: string | null;
}

/** Tries per order number before giving up (two paid carts drawing the same 9 digits in one shop is rare; ten in a row is a bug). */
const REFERENCE_ATTEMPTS = 10;

/** A fresh order number: 9 digits, never starting with 0 (spec §5 Order number lookup, §9 "Order number: 9 digits or UUID"). */
const newOrderReference = (): string => String(randomInt(100_000_000, 1_000_000_000));

/** A fresh cart token for the add-on carts of a new order (header x-cart-token, spec §6): 128 random bits. */
const newCartToken = (): string => `ct_${randomBytes(16).toString("base64url")}`;

/** The paid cart's lines as purchases: product id, type, name as title, today's unit price (cents) and quantity, in product order. */
const purchasesOf = async (tx: Tx, cart: PaidCart): Promise<PreviousPurchase[]> => {
  const rows = await tx
    .select({ id: cartItems.productId, quantity: cartItems.quantity, data: products.data })
    .from(cartItems)
    .innerJoin(products, and(eq(products.id, cartItems.productId), eq(products.shopSlug, cart.shopSlug)))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(products.position);
  return rows.flatMap((r) => {
    const { name, type, price } = (r.data ?? {}) as { name?: unknown; type?: unknown; price?: unknown };
    if (typeof name !== "string" || typeof type !== "string" || typeof price !== "number") return [];
    return [{ id: r.id, type, title: name, price: eurosToCents(price), quantity: r.quantity }];
  });
};

/**
 * Records a paid cart as a previous order of its shop (spec §1 add-on shop, §3 Previous order) in the settlement's
 * transaction; add-on carts and carts without e-mail record nothing.
 */
export const recordPreviousOrder = async (tx: Tx, cart: PaidCart): Promise<void> => {
  if (cart.addOnReference !== null) return;
  const details = (cart.details ?? {}) as { email?: unknown; firstName?: unknown; lastName?: unknown };
  if (typeof details.email !== "string" || details.email.trim() === "") return;
  if ((await orderReferenceOfCart(tx, cart)) !== undefined) return;
  const email = details.email.trim();
  const purchases = await purchasesOf(tx, cart);
  const externalReference = randomUUID();
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = newOrderReference();
    const inserted = await tx
      .insert(previousOrders)
      .values({
        shopSlug: cart.shopSlug,
        reference,
        externalReference,
        consumerEmail: email.toLowerCase(),
        cartToken: newCartToken(),
        cartId: cart.id,
        data: previousOrderData({
          order: {
            reference,
            external_reference: externalReference,
            consumer: {
              email,
              ...(typeof details.firstName === "string" ? { firstName: details.firstName } : {}),
              ...(typeof details.lastName === "string" ? { lastName: details.lastName } : {}),
            },
            purchases,
          },
          hospitality: { add_on_available: false, add_on: [] },
        }),
      })
      .onConflictDoNothing()
      .returning({ reference: previousOrders.reference });
    // Nothing inserted: the number is taken (draw again), or the cart was recorded meanwhile (done).
    if (inserted.length > 0 || (await orderReferenceOfCart(tx, cart)) !== undefined) return;
  }
  throw new Error(`no free order number for cart ${cart.id} after ${REFERENCE_ATTEMPTS} tries`);
};

/**
 * The order number of a confirmed cart (the payment status page shows it, spec §2 Checkout panel): the reference the
 * cart was recorded under, or for an add-on cart the order it extends; undefined when none.
 */
export const orderReferenceOfCart = async (db: Db | Tx, cart: PaidCart): Promise<string | undefined> => {
  if (cart.addOnReference !== null) return cart.addOnReference;
  const [row] = await db.select({ reference: previousOrders.reference }).from(previousOrders).where(eq(previousOrders.cartId, cart.id));
  return row?.reference;
};

/**
 * A recorded order's own purchases and the extras its paid add-on carts added (cents), for listing them on the order
 * (spec §3 Previous order, §6). Throws a ParseError on a malformed row.
 */
export const recordedPurchases = async (db: Db | Tx, row: PreviousOrderRow): Promise<{ readonly own: PreviousPurchase[]; readonly extras: PreviousPurchase[] }> => {
  const data = decodePreviousOrderData(row.data);
  return { own: [...data.order.purchases], extras: await confirmedAddOnPurchases(db, row, data) };
};

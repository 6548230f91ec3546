import { and, asc, eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import { eurosToCents } from "../../domain/money.ts";
import { AddOnOffer, lookupKind, OriginalOrder, PreviousOrders, type GetOrdersRequest, type PreviousOrdersEncoded, type PreviousPurchase } from "../../domain/order-lookup.schema.ts";
import { parseAddOnId } from "../../domain/add-on-id.ts";
import type { Db, Tx } from "../db/database.ts";
import { cartItems, carts, hotelCartAddOns, previousOrders, products, travelExtras } from "../db/schema.ts";
import { orderNotFound } from "./orders.errors.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { secretMatches } from "../secret-matches.ts";

/** A previous order row as stored. */
export type PreviousOrderRow = typeof previousOrders.$inferSelect;

/**
 * What previous_orders.data holds (wire form, euros): the original order, the hotel booking it made (travel id and
 * package id, read by the add-on hotel cart) and its hospitality add-on offers. spec §3 Previous order.
 */
export const PreviousOrderData = Schema.Struct({
  order: OriginalOrder,
  hotel: Schema.optional(Schema.Struct({ travelId: Schema.String, packageId: Schema.String })),
  hospitality: Schema.Struct({ add_on_available: Schema.Boolean, add_on: Schema.Array(AddOnOffer) }),
});
/** Stored previous-order data (euros). */
export type PreviousOrderDataEncoded = typeof PreviousOrderData.Encoded;

const decodeData = Schema.decodeUnknownSync(PreviousOrderData);
/** Decodes a stored previous_orders.data (euros on the wire, cents inside); throws a ParseError on a malformed row. */
export const decodePreviousOrderData = (data: unknown): typeof PreviousOrderData.Type => decodeData(data);
const encodeData = Schema.encodeSync(PreviousOrderData);
const encodeAnswer = Schema.encodeSync(PreviousOrders);

/** The shop's previous order whose cart token is `cartToken`, or undefined (POST /carts with x-cart-token). spec §6. */
export const findOrderByCartToken = async (db: Db | Tx, shopSlug: string, cartToken: string): Promise<PreviousOrderRow | undefined> => {
  const [row] = await db
    .select()
    .from(previousOrders)
    .where(and(eq(previousOrders.shopSlug, shopSlug), eq(previousOrders.cartToken, cartToken)));
  return row;
};

/** The shop's previous orders matching the first key of `query` (reference, consumer_external_reference, else the e-mail compared lower-cased), in reference order. */
export const findOrdersByKey = async (db: Db | Tx, shopSlug: string, query: GetOrdersRequest): Promise<PreviousOrderRow[]> => {
  const key =
    query.reference !== undefined
      ? eq(previousOrders.reference, query.reference)
      : query.consumer_external_reference !== undefined
        ? eq(previousOrders.externalReference, query.consumer_external_reference.toLowerCase())
        : eq(sql`lower(${previousOrders.consumerEmail})`, (query.consumer_email ?? "").trim().toLowerCase());
  return db
    .select()
    .from(previousOrders)
    .where(and(eq(previousOrders.shopSlug, shopSlug), key))
    .orderBy(previousOrders.reference);
};

/**
 * The hotel extras the paid add-on carts of an order added to it, summed per add-on and priced per unit (cents) as the
 * package sells them now. spec §1 add-on shop, §3 Previous order.
 */
export const confirmedAddOnPurchases = async (db: Db | Tx, row: PreviousOrderRow, data: typeof PreviousOrderData.Type): Promise<PreviousPurchase[]> => [
  ...(await confirmedAddOnLines(db, row)),
  ...(await confirmedHotelAddOns(db, row, data)),
];

/**
 * The products the paid add-on carts of an order added to it, summed per product, at today's unit price (cents). spec
 * §1 add-on shop.
 */
const confirmedAddOnLines = async (db: Db | Tx, row: PreviousOrderRow): Promise<PreviousPurchase[]> => {
  const lines = await db
    .select({ id: cartItems.productId, quantity: sql<number>`sum(${cartItems.quantity})::int`, data: products.data })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, and(eq(products.shopSlug, carts.shopSlug), eq(products.id, cartItems.productId)))
    .where(and(eq(carts.shopSlug, row.shopSlug), eq(carts.status, "confirmed"), eq(carts.addOnReference, row.reference), eq(carts.cartToken, row.cartToken)))
    .groupBy(cartItems.productId, products.data, products.position)
    .orderBy(asc(products.position));
  return lines.flatMap((line) => {
    const { name, type, price } = (line.data ?? {}) as { name?: unknown; type?: unknown; price?: unknown };
    if (typeof name !== "string" || typeof type !== "string" || typeof price !== "number" || line.quantity <= 0) return [];
    return [{ id: line.id, type, title: name, price: eurosToCents(price), quantity: Number(line.quantity) }];
  });
};

/** What the paid add-on carts booked on the order's hotel booking (see confirmedAddOnPurchases); empty for an order without one. */
const confirmedHotelAddOns = async (db: Db | Tx, row: PreviousOrderRow, data: typeof PreviousOrderData.Type): Promise<PreviousPurchase[]> => {
  if (!data.hotel) return [];
  const booked = await db
    .select({ addonId: hotelCartAddOns.addonId, quantity: sql<number>`sum(${hotelCartAddOns.quantity})::int` })
    .from(hotelCartAddOns)
    .innerJoin(carts, eq(carts.id, hotelCartAddOns.cartId))
    .where(and(eq(carts.shopSlug, row.shopSlug), eq(carts.status, "confirmed"), eq(carts.addOnReference, row.reference), eq(carts.cartToken, row.cartToken)))
    .groupBy(hotelCartAddOns.addonId)
    .orderBy(asc(hotelCartAddOns.addonId));
  const packageName = data.hospitality.add_on.find((offer) => offer.reference === row.reference)?.cart.package.name;
  const purchases: PreviousPurchase[] = [];
  for (const line of booked) {
    const extraId = parseAddOnId(line.addonId)?.extraId;
    if (extraId === undefined || line.quantity <= 0) continue;
    const [extra] = await db
      .select({ data: travelExtras.data })
      .from(travelExtras)
      .where(and(eq(travelExtras.travelId, data.hotel.travelId), eq(travelExtras.id, extraId)));
    const { name, price } = (extra?.data ?? {}) as { name?: unknown; price?: unknown };
    if (typeof name !== "string" || typeof price !== "number") continue;
    purchases.push({
      id: line.addonId,
      type: "traveladdon",
      title: `Travel: ${packageName ? `${packageName} - ` : ""}${name}`,
      price: eurosToCents(price),
      quantity: Number(line.quantity),
    });
  }
  return purchases;
};

/** The orders among `rows` whose cart token is `cartToken` (compared in constant time): a lookup answers only its visitor's orders. spec §7 get-orders. */
const ordersOfCartToken = <R extends { readonly cartToken: string }>(rows: ReadonlyArray<R>, cartToken: string | undefined): R[] =>
  rows.filter((r) => secretMatches(cartToken, r.cartToken));

/** The orders among `rows` placed with `email` (trimmed, compared lower-cased in constant time): the e-mail proves the visitor's ownership. spec §5. */
const ordersOfEmail = <R extends { readonly consumerEmail: string }>(rows: ReadonlyArray<R>, email: string): R[] =>
  rows.filter((r) => secretMatches(email.trim().toLowerCase(), r.consumerEmail.trim().toLowerCase()));

/**
 * POST /get-orders (spec §7, §3 Previous order, §5 Order number lookup): the orders matching `query`, proven by the
 * order's cart token or e-mail, with what add-on carts added; OrderNotFound otherwise.
 */
export const lookUpOrders = async (db: Db | Tx, shop: ShopRecord, query: GetOrdersRequest, cartToken: string | undefined): Promise<PreviousOrdersEncoded> => {
  const byEmail = lookupKind(query) === "order-with-email";
  const found = await findOrdersByKey(db, shop.slug, query);
  const rows = byEmail ? ordersOfEmail(found, query.consumer_email ?? "") : ordersOfCartToken(found, cartToken);
  if (rows.length === 0) throw orderNotFound();
  const data: Array<typeof PreviousOrderData.Type> = [];
  for (const r of rows) {
    const d = decodeData(r.data);
    const added = await confirmedAddOnPurchases(db, r, d);
    const purchases = added.length === 0 ? d.order.purchases : [...d.order.purchases, ...added];
    data.push({ ...d, order: { ...d.order, purchases, ...(byEmail ? { cart_token: r.cartToken } : {}) } });
  }
  return encodeAnswer({
    original_orders: data.map((d) => d.order),
    upsell: {
      hospitality: {
        add_on_available: data.some((d) => d.hospitality.add_on_available),
        add_on: data.flatMap((d) => d.hospitality.add_on),
      },
    },
  });
};

/** Encodes previous-order data for storing (cents -> euros), e.g. by the demo seed. */
export const previousOrderData = (data: typeof PreviousOrderData.Type): PreviousOrderDataEncoded => encodeData(data);

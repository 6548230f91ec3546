import { and, asc, eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { CheckoutError } from "../../domain/cart.schema.ts";
import { entranceTicketCount, occupantsCheckoutErrors } from "../../domain/checkout-rules.ts";
import type { Cents } from "../../domain/money.ts";
import type { Product } from "../../domain/product.schema.ts";
import { parseAddOnId } from "../../domain/add-on-id.ts";
import { TravelCart, type TravelCartEncoded } from "../../domain/travel.schema.ts";
import { packageSlug } from "../../domain/travel.ts";
import type { Db, Tx } from "../db/database.ts";
import { queryRows, tableRowMapper } from "../db/raw-rows.ts";
import { type carts, hotelCartAddOns, hotelCartExtras, hotelCarts, previousOrders, travelExtras, travelOptions } from "../db/schema.ts";
import { listProductsByIds } from "../shop/shop-store.ts";
import { settleAddOnLine } from "./add-on-waiting-list.ts";
import { extraPrice, findExtraRow, findOptionRow, findPackageRow, optionPrice, type ExtraRow } from "./travel-store.ts";

/** A cart row (the same as cart-store's CartRow; declared here because cart-store imports this module). */
type CartRow = typeof carts.$inferSelect;

/** A hotel_carts row: one held unit of a room option for `persons` persons. */
export type HotelCartRow = typeof hotelCarts.$inferSelect;
/** Maps a raw hotel_carts row (column names, e.g. of json_agg) to a HotelCartRow. */
export const toHotelCartRow = tableRowMapper(hotelCarts);

/** The hotel booking of a previous order (previous_orders.data.hotel), which an add-on cart extends. spec §3 Previous order. */
export interface PreviousHotelBooking {
  readonly reference: string;
  readonly travelId: string;
  readonly packageId: string;
}

/** The previous order's hotel booking of an add-on cart (carts.addOnReference), or undefined for other carts / orders without a hotel. */
export const addOnBookingOf = async (db: Db | Tx, cart: CartRow): Promise<PreviousHotelBooking | undefined> => {
  if (cart.addOnReference === null) return undefined;
  const [order] = await db
    .select({ data: previousOrders.data })
    .from(previousOrders)
    .where(and(eq(previousOrders.shopSlug, cart.shopSlug), eq(previousOrders.reference, cart.addOnReference)));
  const hotel = (order?.data as { hotel?: { travelId?: unknown; packageId?: unknown } } | undefined)?.hotel;
  if (typeof hotel?.travelId !== "string" || typeof hotel.packageId !== "string") return undefined;
  return { reference: cart.addOnReference, travelId: hotel.travelId, packageId: hotel.packageId };
};

/** The cart's hotel bookings (one per travel id at most; all travel ids without `travelId`). */
export const hotelCartsOf = async (db: Db | Tx, cartId: string, travelId?: string): Promise<HotelCartRow[]> =>
  // Every cart view asks this: `sql`, not the query builder (server/db/raw-rows.ts).
  (
    await queryRows(
      db,
      sql`select * from hotel_carts where cart_id = ${cartId}${travelId === undefined ? sql`` : sql` and travel_id = ${travelId}`} order by id`,
    )
  ).map(toHotelCartRow);

/** A booked add-on with the extra it books (the extra of the previous order's package, or undefined when unknown). */
interface AddOnLine {
  readonly addonId: string;
  readonly quantity: number;
  readonly hotelCartId: string | null;
  readonly extra: ExtraRow | undefined;
}

const addOnLines = async (db: Db | Tx, cart: CartRow): Promise<AddOnLine[]> => {
  if (cart.addOnReference === null) return []; // only add-on carts book add-ons
  const rows = await db.select().from(hotelCartAddOns).where(eq(hotelCartAddOns.cartId, cart.id)).orderBy(asc(hotelCartAddOns.addonId));
  if (rows.length === 0) return [];
  const booking = await addOnBookingOf(db, cart);
  const lines: AddOnLine[] = [];
  for (const row of rows) {
    const parts = parseAddOnId(row.addonId);
    const extra = booking && parts ? await findExtraRow(db, booking.travelId, parts.extraId) : undefined;
    lines.push({ addonId: row.addonId, quantity: row.quantity, hotelCartId: row.hotelCartId, extra });
  }
  return lines;
};

const bookedExtras = async (db: Db | Tx, hotel: HotelCartRow) => {
  const rows = await db.select().from(hotelCartExtras).where(eq(hotelCartExtras.hotelCartId, hotel.id)).orderBy(asc(hotelCartExtras.extraId));
  const result: Array<{ extraId: string; amount: number; extra: ExtraRow }> = [];
  for (const row of rows) {
    const extra = await findExtraRow(db, hotel.travelId, row.extraId);
    if (extra) result.push({ extraId: row.extraId, amount: row.amount, extra });
  }
  return result;
};

const encodeTravelCart = Schema.encodeSync(TravelCart);

/**
 * The travel cart of `cart` for `travelId` on the wire (spec §3 Travel package): the booked package with
 * packageOption {id, title, subtotal = price per person × persons}, extras (price × amount), the add-ons of an
 * add-on cart, totalPrice; null when the cart books nothing for this travel id.
 */
export const travelCartView = async (db: Db | Tx, cart: CartRow, travelId: string): Promise<TravelCartEncoded | null> => {
  const [hotel] = await hotelCartsOf(db, cart.id, travelId);
  const booking = await addOnBookingOf(db, cart);
  const addOns = booking?.travelId === travelId ? await addOnLines(db, cart) : [];
  if (!hotel && addOns.length === 0) return null;
  const packageId = hotel?.packageId ?? booking!.packageId;
  const pkg = await findPackageRow(db, travelId, packageId);
  if (!pkg) return null;
  const option = hotel ? await findOptionRow(db, travelId, hotel.optionId) : undefined;
  const packageOption = hotel && option ? { id: option.id, title: option.data.title, subtotal: (optionPrice(option.data) * hotel.persons) as Cents } : null;
  const extras = hotel
    ? (await bookedExtras(db, hotel)).map((e) => ({
        extraId: e.extraId,
        amount: e.amount,
        subtotal: (extraPrice(e.extra.data) * e.amount) as Cents,
        extra: { name: e.extra.data.name, category: e.extra.data.category },
      }))
    : [];
  const addOnViews = addOns.flatMap((a) =>
    a.extra
      ? [{ addonId: a.addonId, quantity: a.quantity, hotelCartId: a.hotelCartId, subtotal: (extraPrice(a.extra.data) * a.quantity) as Cents, extra: { name: a.extra.data.name, category: a.extra.data.category } }]
      : [],
  );
  const total = (packageOption?.subtotal ?? 0) + extras.reduce((n, e) => n + e.subtotal, 0) + addOnViews.reduce((n, a) => n + a.subtotal, 0);
  return encodeTravelCart({
    hotelCartId: hotel?.id ?? null,
    travelId,
    id: pkg.id,
    name: pkg.data.name,
    slug: packageSlug(pkg.data.name),
    rating: pkg.data.rating,
    category: pkg.data.category,
    occupation: hotel?.persons ?? 0,
    startOfStayDate: pkg.data.startOfStayDate,
    endOfStayDate: pkg.data.endOfStayDate,
    eventId: pkg.data.eventId,
    accommodationId: pkg.data.accommodationId,
    images: [...pkg.data.images],
    state: { soldout: option !== undefined && option.stock <= 0 },
    packageOption,
    extras,
    addOns: addOnViews,
    totalPrice: total as Cents,
  });
};

/** Total of the cart's hotel bookings, extras and add-ons in cents (0 without any). spec §3 Travel totalPrice. */
export const hotelCartTotal = async (db: Db | Tx, cart: CartRow, hotels?: ReadonlyArray<HotelCartRow>): Promise<Cents> => {
  let total = 0;
  for (const hotel of hotels ?? (await hotelCartsOf(db, cart.id))) {
    const option = await findOptionRow(db, hotel.travelId, hotel.optionId);
    if (option) total += optionPrice(option.data) * hotel.persons;
    for (const e of await bookedExtras(db, hotel)) total += extraPrice(e.extra.data) * e.amount;
  }
  for (const a of await addOnLines(db, cart)) if (a.extra) total += extraPrice(a.extra.data) * a.quantity;
  return total as Cents;
};

/** Gives one unit of a room option back (unconditional: it was held). */
export const giveRoomBack = async (tx: Tx, travelId: string, optionId: string): Promise<void> => {
  await tx
    .update(travelOptions)
    .set({ stock: sql`${travelOptions.stock} + 1` })
    .where(and(eq(travelOptions.travelId, travelId), eq(travelOptions.id, optionId)));
};

/** Gives `amount` units of an extra back (unconditional: they were held); its waiting list, if any, is served first (add-on-waiting-list.ts). */
export const giveExtraBack = async (tx: Tx, travelId: string, extraId: string, amount: number): Promise<void> => {
  await tx
    .update(travelExtras)
    .set({ stock: sql`${travelExtras.stock} + ${amount}` })
    .where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId)));
  await settleAddOnLine(tx, travelId, extraId, null);
};

/** Gives back a hotel booking's room and extras and deletes it (its extras rows cascade). */
export const releaseHotelCart = async (tx: Tx, hotel: HotelCartRow): Promise<void> => {
  const extras = await tx.select().from(hotelCartExtras).where(eq(hotelCartExtras.hotelCartId, hotel.id)).orderBy(asc(hotelCartExtras.extraId));
  await giveRoomBack(tx, hotel.travelId, hotel.optionId);
  for (const e of extras) await giveExtraBack(tx, hotel.travelId, e.extraId, e.amount);
  await tx.delete(hotelCarts).where(eq(hotelCarts.id, hotel.id));
};

/** Gives back every add-on of an add-on cart and deletes them. */
export const releaseAddOns = async (tx: Tx, cart: CartRow): Promise<void> => {
  for (const a of await addOnLines(tx, cart)) {
    if (a.extra) await giveExtraBack(tx, a.extra.travelId, a.extra.id, a.quantity);
  }
  await tx.delete(hotelCartAddOns).where(eq(hotelCartAddOns.cartId, cart.id));
};

/** Gives back the rooms, extras and add-ons an expired cart holds (row locked by the caller). spec §4 Countdown. */
export const releaseHotelHolds = async (tx: Tx, cart: CartRow): Promise<void> => {
  for (const hotel of await hotelCartsOf(tx, cart.id)) await releaseHotelCart(tx, hotel);
  await releaseAddOns(tx, cart);
};

/**
 * Travel checkout errors (spec §8): the occupants error when the persons in the cart's rooms differ from its entrance
 * tickets (domain occupantsCheckoutErrors).
 */
export const travelCheckoutErrors = async (
  db: Db | Tx,
  cart: CartRow,
  lines: Readonly<Record<string, number>>,
  known?: ReadonlyArray<HotelCartRow>,
  lineProducts?: ReadonlyArray<Product>,
): Promise<CheckoutError[]> => {
  const hotels = known ?? (await hotelCartsOf(db, cart.id));
  if (hotels.length === 0) return [];
  const persons = hotels.reduce((n, h) => n + h.persons, 0);
  const products = lineProducts ?? (await listProductsByIds(db, cart.shopSlug, Object.keys(lines)));
  return occupantsCheckoutErrors(persons, entranceTicketCount(products, lines), true);
};

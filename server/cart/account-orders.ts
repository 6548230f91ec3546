import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { Schema } from "effect";
import { addOnLinkOf, upgradeLinkOf } from "../../domain/account-orders.ts";
import { AccountOrders, type AccountOrder, type AccountOrderPaymentState } from "../../domain/account-orders.schema.ts";
import type { AccountRef } from "../../domain/account-gates.ts";
import type { PreviousPurchase } from "../../domain/order-lookup.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { TravelCart } from "../../domain/travel.schema.ts";
import type { Db } from "../db/database.ts";
import { carts, previousOrders, upgradableOrders } from "../db/schema.ts";
import { recordedPurchases } from "../orders/order-records.ts";
import { listProductsByIds, listShops, type ShopRecord } from "../shop/shop-store.ts";
import { hotelCartsOf, travelCartView } from "../travel/hotel-holds.ts";
import { cartProducts, latestPayment, type CartRow } from "./cart-store.ts";
import { cartTotals } from "./cart-view.ts";

/** A recorded order as stored (previous_orders). */
type PreviousOrderRow = typeof previousOrders.$inferSelect;

const encodeOrders = Schema.encodeSync(AccountOrders);
const decodeTravelCart = Schema.decodeSync(TravelCart);

/** Price per unit in cents of a subtotal over `quantity` units (the subtotal itself for one unit or none). */
const perUnit = (subtotal: Cents, quantity: number): Cents => (quantity > 1 ? Math.round(subtotal / quantity) : subtotal) as Cents;

/**
 * The travel purchases of an order, titled "Travel: {package} - {name}" (spec §3 Travel, Previous order): its room,
 * room extras and add-ons; none when the shop sells no travel.
 */
const travelPurchases = async (db: Db, shop: ShopRecord, cart: CartRow): Promise<PreviousPurchase[]> => {
  const travelId = shop.config.apiTravelId;
  if (travelId === undefined) return [];
  const view = await travelCartView(db, cart, travelId);
  if (view === null) return [];
  const travel = decodeTravelCart(view);
  const title = (name: string) => `Travel: ${travel.name} - ${name}`;
  return [
    ...(travel.packageOption === null
      ? []
      : [{ id: travel.packageOption.id, type: "travel", title: title(travel.packageOption.title), price: perUnit(travel.packageOption.subtotal, travel.occupation), quantity: travel.occupation }]),
    ...travel.extras.map((e) => ({ id: e.extraId, type: "travel", title: title(e.extra.name), price: perUnit(e.subtotal, e.amount), quantity: e.amount })),
    ...travel.addOns.map((a) => ({ id: a.addonId, type: "traveladdon", title: title(a.extra.name), price: perUnit(a.subtotal, a.quantity), quantity: a.quantity })),
  ];
};

/** The open (not processed) upgradable order the shop issued for the order `orderId` (spec §3 upgradableOrder), or undefined. */
const openUpgradableOrder = async (db: Db, shopSlug: string, orderId: string) =>
  (
    await db
      .select({ orderId: upgradableOrders.orderId, accessId: upgradableOrders.accessId })
      .from(upgradableOrders)
      .where(and(eq(upgradableOrders.shopSlug, shopSlug), eq(upgradableOrders.orderId, orderId), eq(upgradableOrders.processed, false)))
      .limit(1)
  )[0];

/** The previous order a paid cart was recorded as (its number and add-on cart token), or undefined (pending, or not recorded). */
const recordedOrderOf = async (db: Db, cartId: string): Promise<PreviousOrderRow | undefined> =>
  (await db.select().from(previousOrders).where(eq(previousOrders.cartId, cartId)).limit(1))[0];

/** Sum in cents of purchases' unit prices times quantities. */
const sumOf = (purchases: ReadonlyArray<PreviousPurchase>): Cents => purchases.reduce((sum, p) => sum + p.price * p.quantity, 0) as Cents;

/** The add-on link of a recorded order (spec §2, §6) with its cart token and number; null before it is recorded (pending): a link without token is a dead end. */
const addOnLinkFor = (shop: ShopRecord, recorded: Pick<PreviousOrderRow, "reference" | "cartToken"> | undefined): string | null =>
  recorded === undefined
    ? null
    : addOnLinkOf({
        slug: shop.slug,
        sellsTravel: shop.config.apiTravelId !== undefined,
        isAddOnShop: shop.config.shopInit?.isAddOnShop === true,
        cartToken: recorded.cartToken,
        reference: recorded.reference,
      });

/**
 * One order of the account: the cart priced as its shop prices it (cartTotals), its purchases with the extras its paid
 * add-on carts added (and their prices in the total), its number once recorded, payment state and links.
 */
const accountOrder = async (db: Db, shop: ShopRecord, cart: CartRow): Promise<AccountOrder> => {
  const lines = await cartProducts(db, cart.id);
  const lineProducts = await listProductsByIds(db, shop.slug, Object.keys(lines));
  const hotels = await hotelCartsOf(db, cart.id);
  const totals = await cartTotals(db, shop, cart, lines, hotels, lineProducts);
  const products: PreviousPurchase[] = lineProducts
    .filter((p) => (lines[p.id] ?? 0) > 0)
    .map((p) => ({ id: p.id, type: p.type, title: p.title ?? p.name, price: p.price, quantity: lines[p.id] ?? 0 }));
  const payment = await latestPayment(db, cart.id);
  const paymentState: AccountOrderPaymentState = cart.status === "confirmed" ? "paid" : "pending";
  const recorded = cart.status === "confirmed" ? await recordedOrderOf(db, cart.id) : undefined;
  const extras = recorded === undefined ? [] : (await recordedPurchases(db, recorded)).extras;
  return {
    id: cart.id,
    reference: recorded?.reference ?? null,
    slug: shop.slug,
    shopTitle: shop.config.title,
    placedAt: (payment?.createdAt ?? cart.createdAt).toISOString(),
    paymentState,
    totalAmount: (totals.total + sumOf(extras)) as Cents,
    purchases: [...products, ...(await travelPurchases(db, shop, cart)), ...extras],
    addOnLink: addOnLinkFor(shop, recorded),
    upgradeLink: upgradeLinkOf(shop.slug, await openUpgradableOrder(db, shop.slug, cart.id)),
  };
};

/**
 * An order recorded without a cart of this shop (seeded or imported, spec §3 Previous order) whose e-mail is the
 * account's: its number, purchases with paid extras, total of those, add-on link with its cart token; no placing time.
 */
const recordedOrder = async (db: Db, shop: ShopRecord, row: PreviousOrderRow): Promise<AccountOrder> => {
  const { own, extras } = await recordedPurchases(db, row);
  const purchases = [...own, ...extras];
  return {
    id: row.externalReference,
    reference: row.reference,
    slug: shop.slug,
    shopTitle: shop.config.title,
    placedAt: null,
    paymentState: "paid",
    totalAmount: sumOf(purchases),
    purchases,
    addOnLink: addOnLinkFor(shop, row),
    upgradeLink: null,
  };
};

/**
 * GET /api/v2/account/orders (spec §6): the paid and unexpired in-payment carts the account owns (add-on carts listed
 * on the order they extend), and the recorded orders without a cart placed with the account's e-mail, in every shop,
 * newest first, in euros.
 */
export const accountOrders = async (db: Db, account: AccountRef, now: Date, email?: string): Promise<ReturnType<typeof encodeOrders>> => {
  const rows = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.ownerSub, account.sub),
        eq(carts.ownerIssuer, account.issuer),
        isNull(carts.addOnReference),
        or(eq(carts.status, "confirmed"), and(eq(carts.status, "in_payment"), gt(carts.expiresAt, now))),
      ),
    )
    .orderBy(desc(carts.createdAt));
  const address = email?.trim().toLowerCase() ?? "";
  const recorded =
    address === ""
      ? []
      : await db
          .select()
          .from(previousOrders)
          .where(and(isNull(previousOrders.cartId), eq(sql`lower(${previousOrders.consumerEmail})`, address)))
          .orderBy(desc(previousOrders.reference));
  if (rows.length === 0 && recorded.length === 0) return encodeOrders([]);
  const shops = new Map((await listShops(db)).map((s) => [s.slug, s]));
  const orders: AccountOrder[] = [];
  for (const cart of rows) {
    const shop = shops.get(cart.shopSlug);
    if (shop) orders.push(await accountOrder(db, shop, cart));
  }
  const placed = orders.sort((a, b) => (b.placedAt ?? "").localeCompare(a.placedAt ?? ""));
  for (const row of recorded) {
    const shop = shops.get(row.shopSlug);
    if (shop) placed.push(await recordedOrder(db, shop, row));
  }
  return encodeOrders(placed);
};

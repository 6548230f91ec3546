import { and, eq, gt, ne } from "drizzle-orm";
import { Schema } from "effect";
import type { Cents } from "../../domain/money.ts";
import type { Product } from "../../domain/product.schema.ts";
import { UpgradableOrder } from "../../domain/shop.schema.ts";
import { upgradeDiscountOf } from "../../domain/upgrade.ts";
import type { Db, Tx } from "../db/database.ts";
import { carts, upgradableOrders } from "../db/schema.ts";
import { upgradeInPaymentElsewhere, upgradeOrderNotFound, upgradeOrderProcessed } from "./orders.errors.ts";
import { secretMatches } from "../secret-matches.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

const decodeUpgradableOrder = Schema.decodeUnknownSync(UpgradableOrder);

/** An upgradable order row decoded: its order id and the UpgradableOrder (discount in cents). spec §3 upgradableOrder. */
export interface UpgradableOrderRecord {
  readonly orderId: string;
  readonly order: UpgradableOrder;
}

/** What a request names of an upgradable order: its x-upgradable-order-id and x-upgrade-access-id headers (undefined when absent). spec §6. */
export interface UpgradeAccess {
  readonly orderId: string | undefined;
  readonly accessId: string | undefined;
}

/** The upgradable order `orderId` of the shop (processed ones included) with its access id, or undefined. */
const findUpgradableOrderRow = async (db: Db | Tx, shopSlug: string, orderId: string) =>
  (await db.select().from(upgradableOrders).where(and(eq(upgradableOrders.shopSlug, shopSlug), eq(upgradableOrders.orderId, orderId))).limit(1))[0];

/**
 * The upgradable order a request addresses (spec §6), undefined without its id header; UpgradeOrderNotFound for an
 * unknown order or a wrong access id, UpgradeOrderProcessed once an upgrade of it was paid.
 */
export const requestUpgradableOrder = async (db: Db | Tx, shop: ShopRecord, access: UpgradeAccess): Promise<UpgradableOrderRecord | undefined> => {
  if (access.orderId === undefined) return undefined;
  const row = await findUpgradableOrderRow(db, shop.slug, access.orderId);
  if (!row || !secretMatches(access.accessId, row.accessId)) throw upgradeOrderNotFound();
  if (row.processed) throw upgradeOrderProcessed();
  return { orderId: row.orderId, order: decodeUpgradableOrder(row.data) };
};

/** The upgradable order an upgrade cart upgrades (carts.upgrade_order_id), processed or not; undefined for other carts. */
export const upgradableOrderOfCart = async (db: Db | Tx, shopSlug: string, cart: { readonly upgradeOrderId: string | null }): Promise<UpgradableOrder | undefined> => {
  if (cart.upgradeOrderId === null) return undefined;
  const row = await findUpgradableOrderRow(db, shopSlug, cart.upgradeOrderId);
  return row ? decodeUpgradableOrder(row.data) : undefined;
};

/**
 * The upgrade discount of an upgrade cart in cents (spec §9 "priceAmount/100, subtracted from the total"): domain
 * upgradeDiscountOf over the cart's upgradable order and the types of its line products; 0 for other carts.
 */
export const cartUpgradeDiscount = async (db: Db | Tx, shopSlug: string, cart: { readonly upgradeOrderId: string | null }, lineProducts: ReadonlyArray<Product>): Promise<Cents> => {
  const order = await upgradableOrderOfCart(db, shopSlug, cart);
  if (!order) return 0 as Cents;
  return upgradeDiscountOf({ upgradeMode: true, upgradableOrder: order, cartTypes: lineProducts.map((p) => p.type) });
};

/** The upgradable order row an upgrade cart upgrades, locked FOR UPDATE until the transaction ends (orders and settlements of its carts queue behind it). */
const lockUpgradableOrder = async (tx: Tx, shopSlug: string, orderId: string) =>
  (await tx.select().from(upgradableOrders).where(and(eq(upgradableOrders.shopSlug, shopSlug), eq(upgradableOrders.orderId, orderId))).for("update"))[0];

/**
 * Placing an order of an upgrade cart: locks its upgradable order row and refuses with UpgradeOrderNotFound,
 * UpgradeOrderProcessed or UpgradeInPaymentElsewhere. spec §3 upgradableOrder, §8 4002.
 */
export const assertUpgradeOrderable = async (tx: Tx, cart: { readonly id: string; readonly shopSlug: string; readonly upgradeOrderId: string | null }, now: Date): Promise<void> => {
  if (cart.upgradeOrderId === null) return;
  const row = await lockUpgradableOrder(tx, cart.shopSlug, cart.upgradeOrderId);
  if (!row) throw upgradeOrderNotFound();
  if (row.processed) throw upgradeOrderProcessed();
  const [paying] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(
      and(
        eq(carts.shopSlug, cart.shopSlug),
        eq(carts.upgradeOrderId, cart.upgradeOrderId),
        ne(carts.id, cart.id),
        eq(carts.status, "in_payment"),
        gt(carts.expiresAt, now),
      ),
    )
    .limit(1);
  if (paying) throw upgradeInPaymentElsewhere();
};

/**
 * True when a settling upgrade cart's order is processed already or gone, so its payment confirms nothing; the row
 * stays locked until the transaction ends.
 */
export const upgradeProcessedAlready = async (tx: Tx, cart: { readonly shopSlug: string; readonly upgradeOrderId: string | null }): Promise<boolean> => {
  if (cart.upgradeOrderId === null) return false;
  const row = await lockUpgradableOrder(tx, cart.shopSlug, cart.upgradeOrderId);
  return !row || row.processed;
};

/**
 * Marks the upgradable order of a paid upgrade cart processed (later links and orders answer 4002) with a conditional
 * update (only while not processed); true when it did, or for other carts. Runs inside the settling transaction.
 */
export const markUpgradeProcessed = async (tx: Tx, shopSlug: string, cart: { readonly upgradeOrderId: string | null }): Promise<boolean> => {
  if (cart.upgradeOrderId === null) return true;
  const marked = await tx
    .update(upgradableOrders)
    .set({ processed: true })
    .where(and(eq(upgradableOrders.shopSlug, shopSlug), eq(upgradableOrders.orderId, cart.upgradeOrderId), eq(upgradableOrders.processed, false)))
    .returning({ orderId: upgradableOrders.orderId });
  return marked.length > 0;
};

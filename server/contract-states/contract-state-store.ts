import { and, eq } from "drizzle-orm";
import { DEMO_UPGRADE_ORDER_ID } from "../catalogue/demo-upgradable-orders.ts";
import type { Db } from "../db/database.ts";
import { addOnWaitingList, carts, previousOrders, shops, travelExtras, upgradableOrders } from "../db/schema.ts";
import { forgetCachedShops } from "../shop/shop-store.ts";
import { providerStateInvalid } from "./contract-states.errors.ts";

/** What the states need of a shop: its bearer token, its payment queue (config queueUrl) and its travel id (config apiTravelId). */
export interface StateShop {
  readonly shopToken: string;
  readonly queued: boolean;
  readonly travelId?: string;
}

/** The shop with this x-event-namespace, read afresh (a state may have just replaced it); provider.state.invalid when there is none. */
export const stateShopOf = async (db: Db, namespace: string): Promise<StateShop> => {
  const [shop] = await db.select({ shopToken: shops.shopToken, config: shops.config }).from(shops).where(eq(shops.apiNamespace, namespace));
  if (!shop) throw providerStateInvalid(`No shop with namespace ${namespace}.`);
  const config = shop.config as { queueUrl?: string; apiTravelId?: string };
  return { shopToken: shop.shopToken, queued: Boolean(config.queueUrl), ...(config.apiTravelId ? { travelId: config.apiTravelId } : {}) };
};

/** The previous order `reference` (demo data): its cart token, e-mail and external reference; provider.state.invalid when there is none. */
export const previousOrderOf = async (db: Db, reference: string) => {
  const [order] = await db
    .select({ reference: previousOrders.reference, cartToken: previousOrders.cartToken, email: previousOrders.consumerEmail, externalReference: previousOrders.externalReference })
    .from(previousOrders)
    .where(eq(previousOrders.reference, reference));
  if (!order) throw providerStateInvalid(`No previous order ${reference}.`);
  return order;
};

/** Sets the demo upgradable order (demo-upgradable-orders.ts) processed or not, so an upgrade of it can be ordered again. spec §8. */
export const setDemoUpgradeProcessed = async (db: Db, processed: boolean): Promise<void> => {
  await db.update(upgradableOrders).set({ processed }).where(eq(upgradableOrders.orderId, DEMO_UPGRADE_ORDER_ID));
};

/** Moves the cart's expiry to `at` (a time in the past: the cart's time ran out). */
export const expireCart = async (db: Db, cartId: string, at: Date): Promise<void> => {
  await db.update(carts).set({ expiresAt: at }).where(eq(carts.id, cartId));
};

/** Empties the waiting list of the extra `extraId` of `travelId` and sets its stock to none (a sold-out add-on nobody waits for yet). */
export const resetAddOnWaitingLine = async (db: Db, travelId: string, extraId: string): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.delete(addOnWaitingList).where(and(eq(addOnWaitingList.travelId, travelId), eq(addOnWaitingList.extraId, extraId)));
    await tx.update(travelExtras).set({ stock: 0 }).where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId)));
  });
};

/** Sets (or with undefined removes) the opening time of the sale `namespace` (config saleOpensAt, an operator setting) and drops the cached shops. */
export const setSaleOpening = async (db: Db, namespace: string, opensAt: Date | undefined): Promise<void> => {
  const [row] = await db.select({ slug: shops.slug, config: shops.config }).from(shops).where(eq(shops.apiNamespace, namespace));
  if (!row) throw providerStateInvalid(`No shop ${namespace}.`);
  const { saleOpensAt: _previous, ...config } = row.config as Record<string, unknown>;
  await db.update(shops).set({ config: opensAt ? { ...config, saleOpensAt: opensAt.toISOString() } : config }).where(eq(shops.slug, row.slug));
  forgetCachedShops(db);
};

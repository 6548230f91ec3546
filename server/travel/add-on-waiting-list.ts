import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { parseAddOnId } from "../../domain/add-on-id.ts";
import type { AddOnWaitingEntry } from "../../domain/add-on-waiting-list.schema.ts";
import { DEFAULT_ADD_ON_OFFER_MINUTES, mayTakeOffer, placeInLine, settleLine, type WaitingEntry } from "../../domain/add-on-waiting-list.ts";
import type { Db, Tx } from "../db/database.ts";
import { addOnWaitingList, addOnWaitingListSettings, previousOrders, travelExtras } from "../db/schema.ts";
import { enqueueAddOnOffers } from "../mail/mail-outbox.ts";
import { orderNotFound } from "../orders/orders.errors.ts";
import { secretMatches } from "../secret-matches.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { travelProductNotFound } from "./travel.errors.ts";

/*
 * The waiting lists of sold-out add-ons (docs/shop-api.md "Add-on waiting list"). One line per extra (travel id, extra
 * id), entries in `seq` order; the rules are domain/add-on-waiting-list.ts. Every change of a line runs under the
 * extra's row lock (SELECT … FOR UPDATE), so the line, its offers and the extra's stock change together.
 */

type EntryRow = typeof addOnWaitingList.$inferSelect;
const LIVE = ["waiting", "offered"] as const;

const toEntry = (row: EntryRow): WaitingEntry => ({
  seq: row.seq,
  reference: row.reference,
  status: row.status,
  offerExpiresAt: row.offerExpiresAt?.getTime() ?? null,
});

/** Minutes an add-on offer of the shop `shopSlug` stays reserved (add_on_waiting_list_settings, else DEFAULT_ADD_ON_OFFER_MINUTES). */
const offerMinutesOf = async (tx: Tx, shopSlug: string): Promise<number> => {
  const [row] = await tx.select({ minutes: addOnWaitingListSettings.offerMinutes }).from(addOnWaitingListSettings).where(eq(addOnWaitingListSettings.shopSlug, shopSlug));
  return row?.minutes ?? DEFAULT_ADD_ON_OFFER_MINUTES;
};

const liveEntriesOf = (tx: Db | Tx, travelId: string, extraId: string) =>
  tx
    .select()
    .from(addOnWaitingList)
    .where(and(eq(addOnWaitingList.travelId, travelId), eq(addOnWaitingList.extraId, extraId), inArray(addOnWaitingList.status, [...LIVE])))
    .orderBy(asc(addOnWaitingList.seq));

/**
 * Settles the waiting line of one extra at `now` (domain settleLine): lapsed offers give back, waiting entries get
 * units in order, stock keeps the rest. Locks the extra's row.
 */
export const settleAddOnLine = async (tx: Tx, travelId: string, extraId: string, now: Date | null): Promise<void> => {
  // The hot path (an extra nobody waits for) reads one index and locks nothing more than the caller does.
  if ((await liveEntriesOf(tx, travelId, extraId).limit(1)).length === 0) return;
  const [extra] = await tx
    .select({ stock: travelExtras.stock })
    .from(travelExtras)
    .where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId)))
    .for("update");
  if (!extra) return;
  const rows = await liveEntriesOf(tx, travelId, extraId);
  if (rows.length === 0) return;
  const plan = settleLine(extra.stock, rows.map(toEntry), now?.getTime() ?? null, await offerMinutesOf(tx, rows[0]!.shopSlug));
  const deadline = plan.offerExpiresAt === null ? null : new Date(plan.offerExpiresAt);
  if (plan.expire.length > 0) await tx.update(addOnWaitingList).set({ status: "expired", offerExpiresAt: null }).where(inArray(addOnWaitingList.seq, [...plan.expire]));
  if (plan.offer.length + plan.stamp.length > 0)
    await tx.update(addOnWaitingList).set({ status: "offered", offerExpiresAt: deadline }).where(inArray(addOnWaitingList.seq, [...plan.offer, ...plan.stamp]));
  if (plan.stock !== extra.stock) await tx.update(travelExtras).set({ stock: plan.stock }).where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId)));
  // Each unit reserved with a deadline is announced to its visitor, in this transaction's outbox (server/mail).
  if (deadline !== null && now !== null) await enqueueAddOnOffers(tx, [...plan.offer, ...plan.stamp], deadline, now);
};

/**
 * Takes the unit offered to order `reference` for `addonId` when its offer stands (domain mayTakeOffer); answers 0 or
 * 1. Call after settleAddOnLine in the same transaction.
 */
export const takeAddOnOffer = async (tx: Tx, shopSlug: string, reference: string, addonId: string, now: Date): Promise<number> => {
  const [row] = await tx
    .select()
    .from(addOnWaitingList)
    .where(and(eq(addOnWaitingList.shopSlug, shopSlug), eq(addOnWaitingList.reference, reference), eq(addOnWaitingList.addonId, addonId)));
  if (!row || !mayTakeOffer(toEntry(row), reference, now.getTime())) return 0;
  await tx.delete(addOnWaitingList).where(eq(addOnWaitingList.seq, row.seq));
  return 1;
};

/** Settles every line someone is in (the server's periodic sweep): lapsed offers pass on, returned stock is offered. */
export const sweepAddOnWaitingLines = async (db: Db, now: Date): Promise<void> => {
  const lines = await db
    .selectDistinct({ travelId: addOnWaitingList.travelId, extraId: addOnWaitingList.extraId })
    .from(addOnWaitingList)
    .where(inArray(addOnWaitingList.status, [...LIVE]));
  for (const line of lines) await db.transaction((tx) => settleAddOnLine(tx, line.travelId, line.extraId, now));
};

/** Raises an extra's stock by `units` (an operator's restock) and settles its line at `now`: the waiting list is served first. */
export const restockExtra = async (db: Db, travelId: string, extraId: string, units: number, now: Date): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .update(travelExtras)
      .set({ stock: sql`${travelExtras.stock} + ${units}` })
      .where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId)));
    await settleAddOnLine(tx, travelId, extraId, now);
  });
};

/** The shop's earlier order `reference` when `cartToken` is its cart token (the proof the add-on lookup asks), else OrderNotFound. */
const ownedOrder = async (tx: Tx, shop: ShopRecord, reference: string, cartToken: string | undefined) => {
  const [order] = await tx
    .select()
    .from(previousOrders)
    .where(and(eq(previousOrders.shopSlug, shop.slug), eq(previousOrders.reference, reference)));
  if (!order || !secretMatches(cartToken, order.cartToken)) throw orderNotFound();
  return order;
};

/** The extra an add-on of this order books (addon_{reference}_{extraId} of the order's hotel package), else TravelProductNotFound. */
const addOnExtraOf = async (tx: Tx, shop: ShopRecord, order: typeof previousOrders.$inferSelect, addonId: string) => {
  const parts = parseAddOnId(addonId);
  const hotel = (order.data as { hotel?: { travelId?: unknown; packageId?: unknown } }).hotel;
  if (!parts || parts.reference !== order.reference || typeof hotel?.travelId !== "string" || hotel.travelId !== shop.config.apiTravelId) throw travelProductNotFound("add-on");
  const [extra] = await tx
    .select({ travelId: travelExtras.travelId, id: travelExtras.id, packageId: travelExtras.packageId })
    .from(travelExtras)
    .where(and(eq(travelExtras.travelId, hotel.travelId), eq(travelExtras.id, parts.extraId)));
  if (!extra || extra.packageId !== hotel.packageId) throw travelProductNotFound("add-on");
  return extra;
};

/** The waiting list of one order on the wire: its entries in add-on id order, each with its place in its line. */
const listOf = async (tx: Tx, shopSlug: string, reference: string): Promise<AddOnWaitingEntry[]> => {
  const own = await tx
    .select()
    .from(addOnWaitingList)
    .where(and(eq(addOnWaitingList.shopSlug, shopSlug), eq(addOnWaitingList.reference, reference)))
    .orderBy(asc(addOnWaitingList.addonId));
  const answer: AddOnWaitingEntry[] = [];
  for (const row of own) {
    const line = row.status === "waiting" ? (await liveEntriesOf(tx, row.travelId, row.extraId)).map(toEntry) : [];
    answer.push({ addonId: row.addonId, status: row.status, position: placeInLine(line, row.seq), offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null });
  }
  return answer;
};

/** Settles every line the order `reference` is in. */
const settleLinesOf = async (tx: Tx, shopSlug: string, reference: string, now: Date): Promise<void> => {
  const lines = await tx
    .selectDistinct({ travelId: addOnWaitingList.travelId, extraId: addOnWaitingList.extraId })
    .from(addOnWaitingList)
    .where(and(eq(addOnWaitingList.shopSlug, shopSlug), eq(addOnWaitingList.reference, reference)))
    .orderBy(asc(addOnWaitingList.travelId), asc(addOnWaitingList.extraId));
  for (const line of lines) await settleAddOnLine(tx, line.travelId, line.extraId, now);
};

/** What the waiting list calls need: database and injected clock. */
export interface AddOnWaitingListDeps {
  readonly db: Db;
  readonly clock: () => Date;
}

/** Who calls: the shop (authenticated) and the x-cart-token header, the proof of owning the order. */
export interface AddOnWaitingCaller {
  readonly shop: ShopRecord;
  readonly cartToken: string | undefined;
}

/**
 * The add-on waiting list calls (docs/shop-api.md "Add-on waiting list"): each answers the order's list after settling
 * its lines; OrderNotFound without the order's cart token, TravelProductNotFound for an add-on the order does not offer.
 */
export const makeAddOnWaitingList = (deps: AddOnWaitingListDeps) => {
  const { db, clock } = deps;
  return {
    /** GET: the order's entries, settled now (an offer made since the last visit shows with its deadline). */
    list: (caller: AddOnWaitingCaller, reference: string): Promise<AddOnWaitingEntry[]> =>
      db.transaction(async (tx) => {
        await ownedOrder(tx, caller.shop, reference, caller.cartToken);
        await settleLinesOf(tx, caller.shop.slug, reference, clock());
        return listOf(tx, caller.shop.slug, reference);
      }),

    /**
     * POST: puts the order at the end of the add-on's line; joining again while waiting or offered changes nothing
     * (idempotent), after a lapsed offer it goes to the end again. Units in stock go to the line at once.
     */
    join: (caller: AddOnWaitingCaller, reference: string, addonId: string): Promise<AddOnWaitingEntry[]> =>
      db.transaction(async (tx) => {
        const now = clock();
        const order = await ownedOrder(tx, caller.shop, reference, caller.cartToken);
        const extra = await addOnExtraOf(tx, caller.shop, order, addonId);
        // The extra's row lock orders every change of this line (join, settle, take, leave).
        await tx.select({ id: travelExtras.id }).from(travelExtras).where(and(eq(travelExtras.travelId, extra.travelId), eq(travelExtras.id, extra.id))).for("update");
        const [current] = await tx
          .select()
          .from(addOnWaitingList)
          .where(and(eq(addOnWaitingList.shopSlug, caller.shop.slug), eq(addOnWaitingList.reference, reference), eq(addOnWaitingList.addonId, addonId)));
        if (current?.status === "expired") await tx.delete(addOnWaitingList).where(eq(addOnWaitingList.seq, current.seq));
        if (!current || current.status === "expired") {
          await tx
            .insert(addOnWaitingList)
            .values({ shopSlug: caller.shop.slug, reference, addonId, travelId: extra.travelId, extraId: extra.id, consumerEmail: order.consumerEmail, status: "waiting", joinedAt: now })
            .onConflictDoNothing();
        }
        await settleAddOnLine(tx, extra.travelId, extra.id, now);
        return listOf(tx, caller.shop.slug, reference);
      }),

    /** DELETE: takes the order off the add-on's line; a unit offered to it goes to the next in line. Nothing to do when not in it. */
    leave: (caller: AddOnWaitingCaller, reference: string, addonId: string): Promise<AddOnWaitingEntry[]> =>
      db.transaction(async (tx) => {
        const now = clock();
        await ownedOrder(tx, caller.shop, reference, caller.cartToken);
        const [row] = await tx
          .select()
          .from(addOnWaitingList)
          .where(and(eq(addOnWaitingList.shopSlug, caller.shop.slug), eq(addOnWaitingList.reference, reference), eq(addOnWaitingList.addonId, addonId)));
        if (row) {
          await settleAddOnLine(tx, row.travelId, row.extraId, now);
          const [left] = await tx.delete(addOnWaitingList).where(eq(addOnWaitingList.seq, row.seq)).returning();
          if (left?.status === "offered") {
            await tx
              .update(travelExtras)
              .set({ stock: sql`${travelExtras.stock} + 1` })
              .where(and(eq(travelExtras.travelId, row.travelId), eq(travelExtras.id, row.extraId)));
          }
          await settleAddOnLine(tx, row.travelId, row.extraId, now);
        }
        return listOf(tx, caller.shop.slug, reference);
      }),
  };
};

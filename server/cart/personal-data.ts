import { and, isNotNull, lte, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { carts, transportRequests } from "../db/schema.ts";

/**
 * Deletes the checkout details (name, e-mail, address, date of birth: the cart's only personal data) of every cart
 * that is not confirmed and expired at least `retentionSeconds` before `now`; confirmed carts keep them (they are
 * orders). One UPDATE; answers how many carts it cleared. Run by the expired-cart sweep (app.ts); the period is env
 * PERSONAL_DATA_RETENTION_DAYS (docs/shop-api.md "Personal data").
 */
export const forgetExpiredPersonalData = async (db: Db, now: Date, retentionSeconds: number): Promise<number> => {
  const before = new Date(now.getTime() - retentionSeconds * 1000);
  const cleared = await db
    .update(carts)
    .set({ details: null })
    .where(and(ne(carts.status, "confirmed"), isNotNull(carts.details), lte(carts.expiresAt, before)))
    .returning({ id: carts.id });
  return cleared.length;
};

/**
 * Deletes every transport request (name, e-mail, phone: spec §7 Other calls "Mail") stored at least `retentionSeconds`
 * before `now`: by then the operator has answered it. One DELETE; answers how many it deleted. Run by the same sweep
 * with the same period (PERSONAL_DATA_RETENTION_DAYS, docs/shop-api.md "Personal data").
 */
export const forgetOldTransportRequests = async (db: Db, now: Date, retentionSeconds: number): Promise<number> => {
  const before = new Date(now.getTime() - retentionSeconds * 1000);
  const deleted = await db.delete(transportRequests).where(lte(transportRequests.createdAt, before)).returning({ id: transportRequests.id });
  return deleted.length;
};

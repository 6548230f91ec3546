import { and, isNotNull, lte, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { carts, transportRequests } from "../db/schema.ts";

/**
 * Clears the checkout details (the cart's personal data) of unconfirmed carts expired at least `retentionSeconds`
 * before `now`; answers how many. Run by the sweep (docs/shop-api.md "Personal data").
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
 * Deletes the transport requests (spec §7 Other calls "Mail") stored at least `retentionSeconds` before `now`; answers
 * how many. Run by the sweep (docs/shop-api.md "Personal data").
 */
export const forgetOldTransportRequests = async (db: Db, now: Date, retentionSeconds: number): Promise<number> => {
  const before = new Date(now.getTime() - retentionSeconds * 1000);
  const deleted = await db.delete(transportRequests).where(lte(transportRequests.createdAt, before)).returning({ id: transportRequests.id });
  return deleted.length;
};

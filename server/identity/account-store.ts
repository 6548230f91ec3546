import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { accountNewsletterSignups, accountWishlists } from "../db/schema.ts";

/** Wishlist preferences as stored and sent (euros, as on the wire): products id -> quantity, totalAmount, travelCart. spec §3 Wishlist. */
export interface StoredPreferences {
  readonly products: Readonly<Record<string, number>>;
  readonly totalAmount: number;
  readonly travelCart: unknown;
}

/** The saved preferences of an account's wishlist for an event and year, or null when none is saved. spec §7 get wishlists. */
export const findWishlist = async (db: Db, accountId: string, eventId: string, year: number): Promise<StoredPreferences | null> => {
  const [row] = await db
    .select({ preferences: accountWishlists.preferences })
    .from(accountWishlists)
    .where(and(eq(accountWishlists.accountId, accountId), eq(accountWishlists.eventId, eventId), eq(accountWishlists.year, year)));
  return row ? (row.preferences as StoredPreferences) : null;
};

/** Saves (inserts or overwrites) an account's wishlist for an event and year. spec §7 put wishlists, §4 Wishlist save. */
export const saveWishlist = async (db: Db, accountId: string, eventId: string, year: number, preferences: StoredPreferences, now: Date): Promise<void> => {
  await db
    .insert(accountWishlists)
    .values({ accountId, eventId, year, preferences, updatedAt: now })
    .onConflictDoUpdate({ target: [accountWishlists.accountId, accountWishlists.eventId, accountWishlists.year], set: { preferences, updatedAt: now } });
};

/** Records a newsletter signup of an account: an e-mail address, or the page's query string. spec §7 newsletter signup. */
export const recordNewsletterSignup = async (db: Db, accountId: string, signup: { email?: string; query?: string }, now: Date): Promise<void> => {
  await db.insert(accountNewsletterSignups).values({ id: randomUUID(), accountId, email: signup.email ?? null, query: signup.query ?? null, createdAt: now });
};

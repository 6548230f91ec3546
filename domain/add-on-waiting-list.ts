/**
 * The waiting list of a sold-out add-on (spec §1 add-on shop, §3 Previous order): who is next, when an offer lapses,
 * who may take an offered unit. Pure: the server applies these decisions under the extra's row lock.
 */

/** Minutes an offered unit stays reserved for its visitor when the shop sets nothing else. */
export const DEFAULT_ADD_ON_OFFER_MINUTES = 30;

/** Where an entry is: in line, holding an offer (one unit reserved until offerExpiresAt), or past an offer it let lapse. */
export type WaitingStatus = "waiting" | "offered" | "expired";

/**
 * One entry of a line as the rules see it: `seq` is its place in the line (lower came first), times in epoch ms. An
 * offered entry without a deadline is a unit reserved where no clock was at hand (stock given back by a cart); the next
 * settlement with a clock starts its time.
 */
export interface WaitingEntry {
  readonly seq: number;
  readonly reference: string;
  readonly status: WaitingStatus;
  readonly offerExpiresAt: number | null;
}

/**
 * What settling a line decides: the entries whose offer lapsed, the entries now offered a unit, the offered entries
 * whose time starts now (`stamp`), the deadline (epoch ms) of both (null without a clock) and the stock left for
 * everybody.
 */
export interface LineSettlement {
  readonly expire: ReadonlyArray<number>;
  readonly offer: ReadonlyArray<number>;
  readonly stamp: ReadonlyArray<number>;
  readonly offerExpiresAt: number | null;
  readonly stock: number;
}

/** The deadline (epoch ms) of an offer made at `now` (epoch ms) for a shop giving `minutes` (at least 1 minute). */
export const offerDeadline = (now: number, minutes: number): number => now + Math.max(1, Math.floor(minutes)) * 60_000;

/** Whether an offer lapsed: it has a deadline and `now` (epoch ms) reached it. */
export const isOfferLapsed = (entry: WaitingEntry, now: number): boolean =>
  entry.status === "offered" && entry.offerExpiresAt !== null && now >= entry.offerExpiresAt;

/**
 * Settles a waiting line at `now` (epoch ms, or null: nothing lapses): lapsed offers give their unit back, then waiting
 * entries get units in line order while stock lasts; first come, first served.
 */
export const settleLine = (stock: number, entries: ReadonlyArray<WaitingEntry>, now: number | null, offerMinutes: number): LineSettlement => {
  const expire = now === null ? [] : entries.filter((e) => isOfferLapsed(e, now)).map((e) => e.seq);
  const stamp = now === null ? [] : entries.filter((e) => e.status === "offered" && e.offerExpiresAt === null).map((e) => e.seq);
  let free = Math.max(0, stock) + expire.length;
  const offer: number[] = [];
  for (const e of [...entries].filter((x) => x.status === "waiting").sort((a, b) => a.seq - b.seq)) {
    if (free === 0) break;
    offer.push(e.seq);
    free -= 1;
  }
  return { expire, offer, stamp, offerExpiresAt: now === null ? null : offerDeadline(now, offerMinutes), stock: free };
};

/** The 1-based place of the entry `seq` among the waiting entries of its line, or null when it is not waiting. */
export const placeInLine = (entries: ReadonlyArray<WaitingEntry>, seq: number): number | null => {
  const own = entries.find((e) => e.seq === seq);
  if (!own || own.status !== "waiting") return null;
  return entries.filter((e) => e.status === "waiting" && e.seq <= seq).length;
};

/** Whether the order `reference` may take the unit offered to `entry` at `now` (epoch ms): only its own, unlapsed offer. */
export const mayTakeOffer = (entry: WaitingEntry, reference: string, now: number): boolean =>
  entry.status === "offered" && entry.reference === reference && !isOfferLapsed(entry, now);

import { Schema } from "effect";

/*
 * Shop access timeslots (spec §6 "Shop access timeslots apply (3003)", §8 3003 "Shop not open for you yet, check your
 * timeslot"): a festival opens its sale in waves, e.g. gold members from 10:00, silver members from 11:00, everyone
 * from 12:00. A shop holds its waves in its stored config as `accessTimeslots`; a visitor's timeslots are the waves
 * for the account's membership level plus the waves open to everyone, and the visitor may shop while one of them is
 * open. A shop without timeslots is open to everyone. When none of the visitor's waves is open and none is ahead
 * either (they all ended, or none is for this visitor), the shop is closed to them (spec §8 4000 "Shop closed").
 */

/** An instant written as an ISO 8601 date-time with an offset or Z ("2027-03-01T10:00:00+01:00"). */
export const IsoInstant = Schema.String.check(
  Schema.makeFilter((s: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && Number.isFinite(Date.parse(s))) || "an ISO date-time with offset"),
);

/**
 * One access wave of a shop: open from `from` (inclusive) until `until` (exclusive; absent: to the end of the sale),
 * for the accounts whose membership level is one of `membershipLevels` (absent: for every visitor, logged in or not).
 */
export const AccessTimeslot = Schema.Struct({
  from: IsoInstant,
  until: Schema.optional(IsoInstant),
  membershipLevels: Schema.optional(Schema.Array(Schema.String)),
});
/** A decoded access timeslot. */
export type AccessTimeslot = typeof AccessTimeslot.Type;

/** The `accessTimeslots` of a stored shop config (operator data, never sent to the web app: GET /shop leaves it out). */
export const AccessTimeslots = Schema.Array(AccessTimeslot);

/** The timeslots that apply to a visitor with this membership level (null: anonymous or no membership): the waves for that level and the waves for everyone. */
export const timeslotsOf = (slots: ReadonlyArray<AccessTimeslot>, membershipLevel: string | null): ReadonlyArray<AccessTimeslot> =>
  slots.filter((slot) => slot.membershipLevels === undefined || (membershipLevel !== null && slot.membershipLevels.includes(membershipLevel)));

/** True when `slot` is open at `now`: from <= now < until. */
export const isTimeslotOpen = (slot: AccessTimeslot, now: Date): boolean =>
  Date.parse(slot.from) <= now.getTime() && (slot.until === undefined || now.getTime() < Date.parse(slot.until));

/**
 * True when the shop is open to this visitor at `now` (spec §6 3003): the shop has no timeslots, or one of the
 * visitor's timeslots (timeslotsOf) is open. A visitor none of whose waves is open (not yet, or over, or no wave for
 * them at all) is refused with 3003.
 */
export const shopOpenTo = (slots: ReadonlyArray<AccessTimeslot>, membershipLevel: string | null, now: Date): boolean =>
  slots.length === 0 || timeslotsOf(slots, membershipLevel).some((slot) => isTimeslotOpen(slot, now));

/** When the visitor's next timeslot opens after `now` (the earliest `from` still ahead), or null when none is ahead. */
export const nextTimeslotOpening = (slots: ReadonlyArray<AccessTimeslot>, membershipLevel: string | null, now: Date): Date | null => {
  const ahead = timeslotsOf(slots, membershipLevel)
    .map((slot) => Date.parse(slot.from))
    .filter((from) => from > now.getTime());
  return ahead.length === 0 ? null : new Date(Math.min(...ahead));
};

/** Why a visitor may not shop now (spec §8): 3003 while one of their timeslots is still ahead, 4000 (shop closed) when none is. */
export type AccessRefusal = { readonly code: "3003"; readonly opensAt: Date } | { readonly code: "4000" };

/** The refusal for this visitor at `now`, or null when the shop is open to them (shopOpenTo). spec §6 3003, §8 4000. */
export const accessRefusal = (slots: ReadonlyArray<AccessTimeslot>, membershipLevel: string | null, now: Date): AccessRefusal | null => {
  if (shopOpenTo(slots, membershipLevel, now)) return null;
  const opensAt = nextTimeslotOpening(slots, membershipLevel, now);
  return opensAt === null ? { code: "4000" } : { code: "3003", opensAt };
};

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { isOfferLapsed, mayTakeOffer, offerDeadline, placeInLine, settleLine, type WaitingEntry } from "../../domain/add-on-waiting-list.ts";

const NOW = 1_800_000_000_000;

/** A line of distinct seqs with any statuses; offered entries have a deadline around NOW. */
const line = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 12 })
  .chain((seqs) =>
    fc.tuple(
      ...seqs.map((seq) =>
        fc.record({
          seq: fc.constant(seq),
          reference: fc.constantFrom("111111111", "222222222", "333333333"),
          status: fc.constantFrom("waiting" as const, "offered" as const, "expired" as const),
          offerExpiresAt: fc.integer({ min: NOW - 3_600_000, max: NOW + 3_600_000 }),
        }),
      ),
    ),
  )
  .map((entries): WaitingEntry[] => entries.map((e, i) => ({ ...e, offerExpiresAt: e.status === "offered" && i % 4 !== 3 ? e.offerExpiresAt : null })));

const stock = fc.integer({ min: 0, max: 15 });

describe("settling an add-on waiting line", () => {
  test("three in line, one unit back: only the first is offered; once it lapses the second is", () => {
    const entries: WaitingEntry[] = [
      { seq: 1, reference: "111111111", status: "waiting", offerExpiresAt: null },
      { seq: 2, reference: "222222222", status: "waiting", offerExpiresAt: null },
      { seq: 3, reference: "333333333", status: "waiting", offerExpiresAt: null },
    ];
    const first = settleLine(1, entries, NOW, 30);
    expect(first).toEqual({ expire: [], offer: [1], stamp: [], offerExpiresAt: NOW + 30 * 60_000, stock: 0 });
    const offered = entries.map((e) => (e.seq === 1 ? { ...e, status: "offered" as const, offerExpiresAt: first.offerExpiresAt } : e));
    expect(settleLine(0, offered, NOW + 29 * 60_000, 30)).toMatchObject({ expire: [], offer: [], stock: 0 });
    expect(settleLine(0, offered, NOW + 30 * 60_000, 30)).toMatchObject({ expire: [1], offer: [2], stock: 0 });
  });

  test.prop([stock, line])("conserves units: stock left plus units offered equals stock plus lapsed offers", (s, entries) => {
    const r = settleLine(s, entries, NOW, 30);
    expect(r.stock + r.offer.length).toBe(s + r.expire.length);
    expect(r.stock).toBeGreaterThanOrEqual(0);
  });

  test.prop([stock, line])("offers the earliest waiting entries, and leaves stock only when nobody waits", (s, entries) => {
    const r = settleLine(s, entries, NOW, 30);
    const waiting = entries.filter((e) => e.status === "waiting").map((e) => e.seq).sort((a, b) => a - b);
    expect(r.offer).toEqual(waiting.slice(0, r.offer.length));
    if (r.stock > 0) expect(r.offer).toHaveLength(waiting.length);
  });

  test.prop([stock, line])("expires exactly the offers past their deadline, and never offers anyone not waiting", (s, entries) => {
    const r = settleLine(s, entries, NOW, 30);
    expect([...r.expire].sort()).toEqual(entries.filter((e) => e.status === "offered" && e.offerExpiresAt !== null && e.offerExpiresAt <= NOW).map((e) => e.seq).sort());
    expect([...r.stamp].sort()).toEqual(entries.filter((e) => e.status === "offered" && e.offerExpiresAt === null).map((e) => e.seq).sort());
    for (const seq of r.offer) expect(entries.find((e) => e.seq === seq)?.status).toBe("waiting");
  });

  test("without a clock, offers units without a deadline and lapses nothing; the next settlement with a clock starts the time", () => {
    const entries: WaitingEntry[] = [
      { seq: 1, reference: "111111111", status: "offered", offerExpiresAt: NOW - 1 },
      { seq: 2, reference: "222222222", status: "waiting", offerExpiresAt: null },
    ];
    const returned = settleLine(1, entries, null, 30);
    expect(returned).toEqual({ expire: [], offer: [2], stamp: [], offerExpiresAt: null, stock: 0 });
    const pending: WaitingEntry[] = [entries[0]!, { ...entries[1]!, status: "offered" }];
    expect(settleLine(0, pending, NOW, 10)).toEqual({ expire: [1], offer: [], stamp: [2], offerExpiresAt: NOW + 10 * 60_000, stock: 1 });
  });

  test.prop([fc.integer({ min: -5, max: 600 })])("gives an offer at least one minute", (minutes) => {
    expect(offerDeadline(NOW, minutes) - NOW).toBeGreaterThanOrEqual(60_000);
    if (minutes >= 1) expect(offerDeadline(NOW, minutes)).toBe(NOW + minutes * 60_000);
  });
});

describe("the place in line", () => {
  test.prop([line])("counts only waiting entries that came earlier, starting at 1; null for others", (entries) => {
    const places = entries.map((e) => placeInLine(entries, e.seq));
    entries.forEach((e, i) => {
      if (e.status !== "waiting") expect(places[i]).toBeNull();
    });
    const waitingPlaces = places.filter((p): p is number => p !== null).sort((a, b) => a - b);
    expect(waitingPlaces).toEqual(waitingPlaces.map((_, i) => i + 1));
  });
});

describe("who may take an offered unit", () => {
  const offered: WaitingEntry = { seq: 4, reference: "123456789", status: "offered", offerExpiresAt: NOW + 60_000 };

  test("only the order it was offered to, before the deadline", () => {
    expect(mayTakeOffer(offered, "123456789", NOW)).toBe(true);
    expect(mayTakeOffer(offered, "987654321", NOW)).toBe(false);
    expect(mayTakeOffer(offered, "123456789", NOW + 60_000)).toBe(false);
    expect(isOfferLapsed(offered, NOW + 60_000)).toBe(true);
  });

  test.prop([line, fc.constantFrom("111111111", "222222222", "444444444"), fc.integer({ min: NOW - 7_200_000, max: NOW + 7_200_000 })])(
    "never lets anyone take a unit of an entry that is not offered, or of another order",
    (entries, reference, now) => {
      for (const e of entries) {
        if (mayTakeOffer(e, reference, now)) {
          expect(e.status).toBe("offered");
          expect(e.reference).toBe(reference);
          if (e.offerExpiresAt !== null) expect(now).toBeLessThan(e.offerExpiresAt);
        }
      }
    },
  );
});

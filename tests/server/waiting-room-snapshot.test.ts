import { describe, expect, it } from "vitest";
import { EMPTY_LINE, lineCapacity, projectLine, type LineState, type WaitingLine } from "../../server/queue/waiting-line.ts";
import { LINE_SNAPSHOT_TTL_MS, makeWaitingRoom, type Place } from "../../server/queue/waiting-room.ts";

const ADMIT_PER_MINUTE = 60;
const SLUG = "northern-nights-sale";

/** A line store in memory that counts its reads: the waiting room's cost per poll is what it asks of the store. */
const countingLine = () => {
  let state: LineState | undefined;
  const counts = { reads: 0 };
  const line: WaitingLine = {
    join: async (_slug, nowMs) => {
      state = projectLine(state ?? EMPTY_LINE(lineCapacity(ADMIT_PER_MINUTE), nowMs), nowMs, ADMIT_PER_MINUTE, 1);
      return { ticket: state.lastTicket, line: state };
    },
    read: async () => {
      counts.reads += 1;
      return state;
    },
    redeem: async (_slug, _ticket, token) => token,
    arrive: async () => 1,
    ticketOfArrival: async () => undefined,
    placeOfIdentity: async () => undefined,
    keepPlaceOfIdentity: async (_slug, _identity, place) => place,
    sweep: async () => undefined,
    close: async () => undefined,
  };
  return { line, counts, drawElsewhere: (nowMs: number) => line.join(SLUG, nowMs) };
};

describe("the waiting room's status polls", () => {
  it("read the shop's line once per snapshot however many visitors poll, and position each by their own ticket", async () => {
    let now = Date.parse("2027-06-01T10:00:00Z");
    const store = countingLine();
    const room = makeWaitingRoom({ line: store.line, admitPerMinute: ADMIT_PER_MINUTE, queueTokens: { secret: new Uint8Array(32).fill(7), ttlSeconds: 600 }, clock: () => new Date(now), tokenUsed: async () => false });
    const places: Place[] = [];
    for (let i = 0; i < 200; i += 1) places.push((await room.join(SLUG)).place);
    const readsAfterJoins = store.counts.reads;

    const statuses = await Promise.all(places.map((place) => room.status(place)));
    expect(statuses[0]).toEqual({ state: "admitted" });
    const positions = statuses.flatMap((s) => (s.state === "waiting" ? [s.position] : []));
    expect(positions).toEqual(Array.from({ length: positions.length }, (_, i) => i + 1));
    for (let round = 0; round < 5; round += 1) await Promise.all(places.map((place) => room.status(place)));
    expect(store.counts.reads - readsAfterJoins).toBeLessThanOrEqual(1);

    // A ticket drawn on another worker, newer than the snapshot, is placed from a fresh read.
    const elsewhere = await store.drawElsewhere(now);
    const status = await room.status({ shopSlug: SLUG, ticket: elsewhere.ticket, expiresAt: new Date(now + 3_600_000) });
    expect(status).toMatchObject({ state: "waiting", position: elsewhere.ticket - elsewhere.line.admitted });

    // After the snapshot's time the front has moved: read again, once.
    now += LINE_SNAPSHOT_TTL_MS + 5_000;
    const before = store.counts.reads;
    const later = await Promise.all(places.map((place) => room.status(place)));
    expect(store.counts.reads - before).toBe(1);
    expect(later.filter((s) => s.state === "admitted").length).toBeGreaterThan(statuses.filter((s) => s.state === "admitted").length);
    const snapshot = await room.snapshot(SLUG);
    expect(snapshot).toMatchObject({ lastTicket: 201, admitPerMinute: ADMIT_PER_MINUTE, atMs: now });
    expect(snapshot.serving).toBe(later.filter((s) => s.state === "admitted").length);
  });
});

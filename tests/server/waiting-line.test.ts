import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { EMPTY_LINE, lineCapacity, projectLine, type LineState } from "../../server/queue/waiting-line.ts";
import { placeStatus, pollAfterSeconds } from "../../server/queue/waiting-room.ts";

const rate = fc.integer({ min: 1, max: 100_000 });
/** A line built by joins at increasing times (ms offsets) at `admitPerMinute`. */
const lineAfter = (admitPerMinute: number, joinsAt: ReadonlyArray<number>): LineState =>
  joinsAt.reduce((line, at) => projectLine(line, at, admitPerMinute, 1), EMPTY_LINE(lineCapacity(admitPerMinute), 0));
const joins = fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 200 }).map((offsets) => [...offsets].sort((a, b) => a - b));

describe("the waiting line's front (server/queue/waiting-line.ts)", () => {
  test.prop([rate, joins, fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 600_000 })])(
    "reads the same front in one step or two, so a poll needs no write",
    (admitPerMinute, joinsAt, a, b) => {
      const line = lineAfter(admitPerMinute, joinsAt);
      const start = line.refilledAtMs;
      const [early, late] = a < b ? [start + a, start + b] : [start + b, start + a];
      const twoSteps = projectLine(projectLine(line, early, admitPerMinute), late, admitPerMinute);
      const oneStep = projectLine(line, late, admitPerMinute);
      expect(twoSteps.admitted).toBe(oneStep.admitted);
      expect(twoSteps.tokens).toBeCloseTo(oneStep.tokens, 6);
    },
  );

  test.prop([rate, joins, fc.integer({ min: 0, max: 600_000 })])(
    "never admits past the newest ticket nor faster than the rate plus one second's bank",
    (admitPerMinute, joinsAt, later) => {
      const line = lineAfter(admitPerMinute, joinsAt);
      const after = projectLine(line, line.refilledAtMs + later, admitPerMinute);
      expect(after.admitted).toBeLessThanOrEqual(after.lastTicket);
      expect(after.admitted).toBeGreaterThanOrEqual(line.admitted);
      expect(after.admitted - line.admitted).toBeLessThanOrEqual(Math.floor(line.tokens + (later * admitPerMinute) / 60_000));
      expect(line.admitted).toBeLessThanOrEqual(Math.floor(lineCapacity(admitPerMinute) + ((joinsAt.at(-1) ?? 0) * admitPerMinute) / 60_000));
    },
  );

  it("admits a newcomer of an empty line at once and paces a rush at the rate", () => {
    const rush = lineAfter(60, Array(100).fill(1_000));
    expect([rush.lastTicket, rush.admitted]).toEqual([100, 1]);
    expect(projectLine(rush, 31_000, 60).admitted).toBe(31);
    expect(placeStatus(100, projectLine(rush, 31_000, 60), 60)).toEqual({ state: "waiting", position: 69, estimatedWaitSeconds: 69, pollAfterSeconds: 17 });
    expect(placeStatus(31, projectLine(rush, 31_000, 60), 60)).toEqual({ state: "admitted" });
  });

  it("asks a waiting visitor again after a quarter of their wait, between 1 and 30 seconds", () => {
    expect([pollAfterSeconds(1), pollAfterSeconds(20), pollAfterSeconds(3600)]).toEqual([1, 5, 30]);
  });
});

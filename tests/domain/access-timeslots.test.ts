import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { accessRefusal, AccessTimeslots, isTimeslotOpen, nextTimeslotOpening, shopOpenTo, timeslotsOf } from "../../domain/access-timeslots.ts";

const decode = Schema.decodeUnknownSync(AccessTimeslots);
// Gold members from 10:00, silver from 11:00 until 13:00, everyone from 12:00 (CEST, 1 June 2030).
const WAVES = decode([
  { from: "2030-06-01T10:00:00+02:00", membershipLevels: ["gold"] },
  { from: "2030-06-01T11:00:00+02:00", until: "2030-06-01T13:00:00+02:00", membershipLevels: ["silver"] },
  { from: "2030-06-01T12:00:00+02:00" },
]);
const at = (time: string) => new Date(`2030-06-01T${time}:00+02:00`);

describe("shop access timeslots (spec §6 Shop access timeslots apply, §8 3003)", () => {
  it("gives a visitor the waves of their membership level and the waves for everyone", () => {
    expect(timeslotsOf(WAVES, "gold").map((s) => s.from)).toEqual(["2030-06-01T10:00:00+02:00", "2030-06-01T12:00:00+02:00"]);
    expect(timeslotsOf(WAVES, null).map((s) => s.from)).toEqual(["2030-06-01T12:00:00+02:00"]);
  });

  it("opens the shop to each visitor at their wave: gold at 10:00, silver at 11:00, everyone at 12:00", () => {
    expect([shopOpenTo(WAVES, "gold", at("09:59")), shopOpenTo(WAVES, "gold", at("10:00"))]).toEqual([false, true]);
    expect([shopOpenTo(WAVES, "silver", at("10:30")), shopOpenTo(WAVES, "silver", at("11:00"))]).toEqual([false, true]);
    expect([shopOpenTo(WAVES, null, at("11:59")), shopOpenTo(WAVES, null, at("12:00"))]).toEqual([false, true]);
    expect(shopOpenTo(WAVES, "bronze", at("11:30"))).toBe(false);
  });

  it("closes a wave at its until (exclusive)", () => {
    const [, silver] = WAVES;
    expect([isTimeslotOpen(silver!, at("12:59")), isTimeslotOpen(silver!, at("13:00"))]).toEqual([true, false]);
  });

  it("names the visitor's next opening, or null when none is ahead", () => {
    expect(nextTimeslotOpening(WAVES, "silver", at("09:00"))?.toISOString()).toBe("2030-06-01T09:00:00.000Z");
    expect(nextTimeslotOpening(WAVES, null, at("12:30"))).toBeNull();
  });

  it("refuses with 3003 while the visitor's wave is ahead, and with 4000 (shop closed) when none is ahead", () => {
    expect(accessRefusal(WAVES, "silver", at("10:00"))).toEqual({ code: "3003", opensAt: at("11:00") });
    expect(accessRefusal(WAVES, "gold", at("10:00"))).toBeNull();
    const ended = decode([{ from: "2030-06-01T10:00:00+02:00", until: "2030-06-01T18:00:00+02:00" }]);
    expect(accessRefusal(ended, null, at("18:00"))).toEqual({ code: "4000" });
    expect(accessRefusal(decode([{ from: "2030-06-01T10:00:00+02:00", membershipLevels: ["gold"] }]), null, at("09:00"))).toEqual({ code: "4000" });
  });

  it("refuses a wave whose times are not ISO date-times with an offset", () => {
    expect(() => decode([{ from: "2030-06-01 10:00" }])).toThrow();
    expect(() => decode([{ from: "2030-06-01T10:00:00+02:00", until: "tomorrow" }])).toThrow();
  });

  test.prop([fc.date({ noInvalidDate: true }), fc.option(fc.string(), { nil: null })])("a shop without timeslots is open to everyone at any time", (now, level) => {
    expect(shopOpenTo([], level, now)).toBe(true);
  });

  test.prop([fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }), fc.option(fc.constantFrom("gold", "silver", "bronze"), { nil: null })])(
    "a visitor is let in exactly when one of their waves is open",
    (now, level) => {
      expect(shopOpenTo(WAVES, level, now)).toBe(timeslotsOf(WAVES, level).some((slot) => isTimeslotOpen(slot, now)));
      if (!shopOpenTo(WAVES, level, now)) expect(timeslotsOf(WAVES, level).every((s) => Date.parse(s.from) > now.getTime() || (s.until !== undefined && Date.parse(s.until) <= now.getTime()))).toBe(true);
    },
  );
});

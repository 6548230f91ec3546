import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { addOnId, parseAddOnId } from "../../domain/add-on-id.ts";
import { DEFAULT_HOTEL_PERSONS, isHotelPersons, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { packageSlug } from "../../domain/travel.ts";

describe("add-on ids (spec §3 Product: addon_{reference}_{extraId})", () => {
  test("builds and splits addon_{reference}_{extraId}; an extra id may hold underscores", () => {
    expect(addOnId("123456789", "ll_extra_breakfast")).toBe("addon_123456789_ll_extra_breakfast");
    expect(parseAddOnId("addon_123456789_ll_extra_breakfast")).toEqual({ reference: "123456789", extraId: "ll_extra_breakfast" });
    expect(parseAddOnId("ticket_1")).toBeNull();
    expect(parseAddOnId("addon_123456789_")).toBeNull();
  });

  test.prop([fc.stringMatching(/^[0-9A-Za-z-]+$/), fc.string({ minLength: 1 })])("splits every id it builds back into its reference and extra id", (reference, extraId) => {
    expect(parseAddOnId(addOnId(reference, extraId))).toEqual({ reference, extraId });
  });
});

describe("package slug (spec §3 Previous order: derived from the package name)", () => {
  test("removes non-alphanumerics, turns each space into a hyphen and lowercases", () => {
    expect(packageSlug("Hotel De Duinen")).toBe("hotel-de-duinen");
    expect(packageSlug("Hotel Amsterdam City 4*")).toBe("hotel-amsterdam-city-4");
    expect(packageSlug("Camping & Co")).toBe("camping--co");
  });

  test.prop([fc.string()])("gives only lowercase letters, digits and hyphens, one per space left, and is idempotent", (name) => {
    const slug = packageSlug(name);
    expect(slug).toMatch(/^[a-z0-9-]*$/);
    expect(slug.length).toBe(name.replace(/[^A-Za-z0-9 ]/g, "").length);
    expect(packageSlug(slug.replace(/-/g, " "))).toBe(slug);
  });
});

describe("hotel persons (spec §9: 1 to 50)", () => {
  test("accepts 1 and 50, refuses 0, 51 and fractions", () => {
    expect([MIN_HOTEL_PERSONS, MAX_HOTEL_PERSONS]).toEqual([1, 50]);
    expect(isHotelPersons(DEFAULT_HOTEL_PERSONS)).toBe(true);
    expect([1, 50].map(isHotelPersons)).toEqual([true, true]);
    expect([0, 51, 2.5, Number.NaN].map(isHotelPersons)).toEqual([false, false, false, false]);
  });

  test.prop([fc.double()])("accepts exactly the whole numbers from 1 to 50", (n) => {
    expect(isHotelPersons(n)).toBe(Number.isInteger(n) && n >= 1 && n <= 50);
  });
});

describe("add-on ids are read whole", () => {
  test("refuses text before addon_ and a line break in the extra id", () => {
    expect(parseAddOnId("xaddon_123456789_breakfast")).toBeNull();
    expect(parseAddOnId("addon_123456789_breakfast\nx")).toBeNull();
  });
});

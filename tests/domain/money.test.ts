import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect } from "vitest";
import { eurosToCents, formatEuro, sumCents, timesQuantity, type Cents } from "../../domain/money.ts";
import { EurosAsCents } from "../../domain/money.schema.ts";

describe("eurosToCents", () => {
  test("converts the spec shipping examples to whole cents", () => {
    expect(eurosToCents(5.99)).toBe(599);
    expect(eurosToCents(8.7)).toBe(870);
    expect(eurosToCents(8.19)).toBe(819);
    expect(eurosToCents(10.72)).toBe(1072);
    expect(eurosToCents(32.13)).toBe(3213);
    expect(eurosToCents(34.02)).toBe(3402);
    expect(eurosToCents(52.5)).toBe(5250);
    expect(eurosToCents(229.5)).toBe(22950);
  });

  test("rounds half away from zero at the cent", () => {
    expect(eurosToCents(0.125)).toBe(13);
    expect(eurosToCents(-0.125)).toBe(-13);
    expect(eurosToCents(0.124)).toBe(12);
    expect(eurosToCents(1.005)).toBe(101);
  });

  test("never returns negative zero", () => {
    expect(Object.is(eurosToCents(-0.001), 0)).toBe(true);
  });

  test.prop([fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })])("round-trips cents through euros", (c) => {
    expect(eurosToCents(c / 100)).toBe(c === 0 ? 0 : c);
  });

  test.prop([fc.double({ min: -1e7, max: 1e7, noNaN: true })])("always gives an integer within half a cent", (euros) => {
    const c = eurosToCents(euros);
    expect(Number.isInteger(c)).toBe(true);
    expect(Math.abs(c - euros * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
  });
});

describe("formatEuro", () => {
  test("formats with euro sign, dot thousands and comma decimals", () => {
    expect(formatEuro(123456 as Cents)).toBe("€ 1.234,56");
    expect(formatEuro(0 as Cents)).toBe("€ 0,00");
    expect(formatEuro(5 as Cents)).toBe("€ 0,05");
    expect(formatEuro(45900 as Cents)).toBe("€ 459,00");
    expect(formatEuro(123456789 as Cents)).toBe("€ 1.234.567,89");
    expect(formatEuro(-500 as Cents)).toBe("-€ 5,00");
  });
});

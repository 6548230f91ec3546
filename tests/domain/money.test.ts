import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { centsToEuros, eurosToCents, formatEuro, sumCents, timesQuantity, type Cents } from "../../domain/money.ts";

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
    expect(eurosToCents(centsToEuros(c as Cents))).toBe(c);
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

  const parseEuro = (s: string): number => {
    const m = /^(-?)€ (\d{1,3}(?:\.\d{3})*),(\d{2})$/.exec(s);
    if (!m) throw new Error(`unparseable ${s}`);
    return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, "")) * 100 + Number(m[3]));
  };

  test.prop([fc.integer({ min: -1e12, max: 1e12 })])("round-trips through a strict parse of the display format", (c) => {
    expect(parseEuro(formatEuro(c as Cents))).toBe(c === 0 ? 0 : c);
  });
});

describe("sums", () => {
  test.prop([fc.array(fc.integer({ min: 0, max: 1e6 }))])("sumCents equals the plain sum and is 0 for none", (xs) => {
    expect(sumCents(xs as Cents[])).toBe(xs.reduce((a, b) => a + b, 0));
  });

  test.prop([fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 100 })])("timesQuantity multiplies", (c, q) => {
    expect(timesQuantity(c as Cents, q)).toBe(c * q);
  });
});

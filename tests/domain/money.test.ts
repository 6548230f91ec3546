import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect } from "vitest";
import { cents, centsToEuros, eurosToCents, formatEuro, parseEuro, sumCents, timesQuantity, type Cents } from "../../domain/money.ts";
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

  test.prop([fc.integer({ min: -1e12, max: 1e12 })])("round-trips through parseEuro: parse(format(x)) = x", (c) => {
    expect(parseEuro(formatEuro(c as Cents))).toBe(c === 0 ? 0 : c);
  });
});

describe("parseEuro", () => {
  test("reads the display format of every language", () => {
    expect(parseEuro("€ 1.234,56")).toBe(123456);
    expect(parseEuro("€ 0,05")).toBe(5);
    expect(parseEuro("€ 459,00")).toBe(45900);
    expect(parseEuro("-€ 5,00")).toBe(-500);
    expect(parseEuro("€ 1.234.567,89")).toBe(123456789);
  });

  test("never returns negative zero", () => {
    expect(Object.is(parseEuro("-€ 0,00"), 0)).toBe(true);
  });

  test("rejects text that formatEuro never produces", () => {
    for (const text of ["", "€1,00", "€ 1,0", "€ 1234,56", "€ 1.23,45", "1,00", "€ 1,00 ", " € 1,00", "+€ 1,00", "€ 1.000", "€ ,50", "EUR 1,00", "€ 1,00x"]) {
      expect(parseEuro(text)).toBeNull();
    }
  });

  test("rejects amounts beyond safe integer cents", () => {
    expect(parseEuro("€ 999.999.999.999.999.999,99")).toBeNull();
  });

  test.prop([fc.string()])("gives null or a value that formats back to the same text", (text) => {
    const value = parseEuro(text);
    if (value !== null) expect(formatEuro(value)).toBe(text.replace(/^-(€ 0,00)$/, "$1"));
  });
});

describe("cents", () => {
  test("accepts integers and rejects fractions with a RangeError", () => {
    expect(cents(1234)).toBe(1234);
    expect(cents(-5)).toBe(-5);
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow("cents must be an integer, got NaN");
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

describe("EurosAsCents", () => {
  test("decodes wire euros to cents and encodes cents back to euros", () => {
    expect(Schema.decodeUnknownSync(EurosAsCents)(8.7)).toBe(870);
    expect(Schema.encodeSync(EurosAsCents)(1234 as Cents)).toBe(12.34);
    expect(() => Schema.decodeUnknownSync(EurosAsCents)(Number.POSITIVE_INFINITY)).toThrow();
  });

  test.prop([fc.integer({ min: -1e9, max: 1e9 })])("round-trips cents through the wire", (c) => {
    const wire = Schema.encodeSync(EurosAsCents)(c as Cents);
    expect(Schema.decodeUnknownSync(EurosAsCents)(wire)).toBe(c === 0 ? 0 : c);
  });
});

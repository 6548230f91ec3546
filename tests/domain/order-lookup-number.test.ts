import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { parseOrderNumber } from "../../domain/order-lookup.schema.ts";
import { isUuid, UUID_PATTERN } from "../../domain/uuid.ts";

describe("order number lookup (spec §5 Order number lookup, §9 \"9 digits or UUID\")", () => {
  test("reads 9 digits as the reference and a UUID, as typed, as the consumer external reference", () => {
    expect(parseOrderNumber("  #123456789 ")).toEqual({ _tag: "Reference", reference: "123456789" });
    expect(parseOrderNumber("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toEqual({ _tag: "ExternalReference", externalReference: "3F2504E0-4F89-11D3-9A0C-0305E82C3301" });
    for (const bad of ["", "#", "12345678", "1234567890", "##123456789"]) expect(parseOrderNumber(bad)).toBeNull();
  });

  test.prop([fc.uuid(), fc.boolean(), fc.constantFrom("", "#", " #", "  ")])("accepts any UUID in either case, with whitespace and a leading #, and sends it as typed", (uuid, upper, prefix) => {
    const typed = upper ? uuid.toUpperCase() : uuid;
    expect(parseOrderNumber(`${prefix}${typed} `)).toEqual({ _tag: "ExternalReference", externalReference: typed });
  });

  test.prop([fc.stringMatching(/^\d{9}$/), fc.constantFrom("", "#", " # ")])("accepts any 9-digit reference", (ref, prefix) => {
    expect(parseOrderNumber(prefix + ref)).toEqual({ _tag: "Reference", reference: ref });
  });

  test.prop([fc.string()])("gives invalid (null) for anything that is neither", (s) => {
    const v = s.trim().replace(/^#/, "").trim();
    const ok = /^\d{9}$/.test(v) || /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(v);
    expect(parseOrderNumber(s) === null).toBe(!ok);
  });
});

describe("UUID text form", () => {
  test.prop([fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }), fc.boolean()])("accepts every UUID in either case", (uuid, upper) => {
    expect(isUuid(upper ? uuid.toUpperCase() : uuid)).toBe(true);
  });

  test.prop([fc.uuid(), fc.integer({ min: 0, max: 35 }), fc.constantFrom("g", "", "00")])("refuses a UUID with one character turned into a non-hex letter, dropped or doubled", (uuid, at, put) => {
    expect(isUuid(uuid.slice(0, at) + put + uuid.slice(at + 1))).toBe(false);
  });
});

describe("order number with a hash sign", () => {
  test("drops only a leading hash sign", () => {
    expect(parseOrderNumber("#123456789")).toEqual({ _tag: "Reference", reference: "123456789" });
    expect(parseOrderNumber(" # 123456789 ")).toEqual({ _tag: "Reference", reference: "123456789" });
    expect(parseOrderNumber("1234#56789")).toBeNull();
    expect(parseOrderNumber("123456789#")).toBeNull();
  });
});

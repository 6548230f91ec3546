import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect } from "vitest";
import { ACCOUNT_API_BODY_LIMIT_BYTES, MembershipAnswer, NewsletterBody, WishlistBody } from "../../domain/account-api.schema.ts";
import { EurosAsCents } from "../../domain/money.schema.ts";
import { getOrdersBody, GetOrdersRequest, lookupKeyCount, lookupKeysOf } from "../../domain/order-lookup.schema.ts";
import { PutShippingCountry } from "../../domain/shipping-change.schema.ts";
import { HotelAddOnChange, IsoDate, PostHotelExtra, PutHotelRoom, TravelExtra, TravelSettings } from "../../domain/travel.schema.ts";
import { isIsoDate } from "../../domain/travel.ts";
import {
  discountOn, normalizeVoucherCode, PutVoucher, VOUCHER_HOLD_SECONDS, VOUCHER_INVALID, VOUCHER_INVALID_MESSAGE, VOUCHER_USED,
  VOUCHER_USED_MESSAGE, voucherErrorText,
} from "../../domain/voucher.schema.ts";
import type { Cents } from "../../domain/money.ts";

const decodes = <S extends Schema.Top>(schema: S, value: unknown): boolean => {
  try {
    Schema.decodeUnknownSync(schema as never)(value);
    return true;
  } catch {
    return false;
  }
};

describe("ISO dates (travel stays, spec §3 Travel package)", () => {
  test("accept real calendar days only", () => {
    expect(isIsoDate("2027-06-18")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2027-02-30")).toBe(false);
    expect(isIsoDate("2027-13-01")).toBe(false);
    expect(isIsoDate("2027-6-18")).toBe(false);
    expect(isIsoDate("18-06-2027")).toBe(false);
    expect(isIsoDate(" 2027-06-18")).toBe(false);
    expect(isIsoDate("2027-06-18T00:00:00Z")).toBe(false);
    expect(isIsoDate("")).toBe(false);
  });

  test.prop([fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true })])(
    "accepts the date part of every instant and the IsoDate schema agrees",
    (date) => {
      const text = date.toISOString().slice(0, 10);
      expect(isIsoDate(text)).toBe(true);
      expect(Schema.decodeUnknownSync(IsoDate)(text)).toBe(text);
    },
  );

  test("the IsoDate schema refuses what is no date", () => {
    expect(decodes(IsoDate, "2027-02-30")).toBe(false);
    expect(decodes(IsoDate, "tomorrow")).toBe(false);
    expect(decodes(IsoDate, 20270618)).toBe(false);
  });
});

describe("travel wire schemas", () => {
  const settings = {
    travelId: "t1", eventId: "e1", currency: "EUR", persons: { min: 1, max: 8, default: 2 }, categories: ["hotel"], ratings: [3, 4],
    startOfStayDate: "2027-06-17", endOfStayDate: "2027-06-20",
  };

  test("decode travel settings with stay dates and refuse another currency or a bad date", () => {
    expect(Schema.decodeUnknownSync(TravelSettings)(settings)).toEqual(settings);
    expect(decodes(TravelSettings, { ...settings, currency: "USD" })).toBe(false);
    expect(decodes(TravelSettings, { ...settings, endOfStayDate: "2027-06-31" })).toBe(false);
  });

  test("decode an extra's euro price as cents and only the three extra categories", () => {
    const extra = { id: "x", name: "Breakfast", price: 12.5, stock: 3, soldOut: false };
    for (const category of ["extra", "transfer", "merchandise"]) {
      expect(Schema.decodeUnknownSync(TravelExtra)({ ...extra, category })).toEqual({ ...extra, category, price: 1250 });
    }
    expect(decodes(TravelExtra, { ...extra, category: "ticket" })).toBe(false);
  });

  test.prop([fc.integer({ min: -5, max: 60 })])("hotel bodies take persons 1 to 50 (spec §9)", (persons) => {
    const ok = persons >= 1 && persons <= 50;
    expect(decodes(PutHotelRoom, { productId: "r", persons })).toBe(ok);
    expect(decodes(PostHotelExtra, { extraId: "x", amount: persons })).toBe(ok);
    expect(decodes(HotelAddOnChange, { addonId: "a", quantity: persons })).toBe(ok);
  });

  test("hotel bodies refuse empty ids", () => {
    expect(decodes(PutHotelRoom, { productId: "" })).toBe(false);
    expect(decodes(PutHotelRoom, { productId: "r" })).toBe(true);
  });
});

describe("money on the wire (euros <-> cents)", () => {
  test.prop([fc.integer({ min: -10_000_000, max: 10_000_000 })])("encodes cents back to the euros they decode from", (cents) => {
    const euros = Schema.encodeSync(EurosAsCents)(cents as Cents);
    expect(euros).toBeCloseTo(cents / 100, 9);
    expect(Schema.decodeUnknownSync(EurosAsCents)(euros)).toBe(cents);
  });
});

describe("vouchers (spec §7 vouchers, §8 Voucher)", () => {
  test("hold a voucher for 30 minutes and take codes up to 64 characters", () => {
    expect(VOUCHER_HOLD_SECONDS).toBe(1800);
    expect(decodes(PutVoucher, { voucher: "x".repeat(64) })).toBe(true);
    expect(decodes(PutVoucher, { voucher: "x".repeat(65) })).toBe(false);
  });

  test("normalizes a typed code: trimmed and upper-cased", () => {
    expect(normalizeVoucherCode("  summer10 ")).toBe("SUMMER10");
  });

  test.prop([fc.string()])("normalizing is idempotent and leaves no lower case or outer space", (code) => {
    const n = normalizeVoucherCode(code);
    expect(normalizeVoucherCode(n)).toBe(n);
    expect(n).toBe(n.trim());
    expect(n).toBe(n.toUpperCase());
  });

  test("takes a fixed amount or a rounded percentage off, never more than the subtotal", () => {
    expect(discountOn(10_000 as Cents, { amount: 2_500 as Cents })).toBe(2_500);
    expect(discountOn(1_000 as Cents, { amount: 2_500 as Cents })).toBe(1_000);
    expect(discountOn(1_000 as Cents, { percent: 10 })).toBe(100);
    expect(discountOn(1_005 as Cents, { percent: 10 })).toBe(101);
    expect(discountOn(999 as Cents, { percent: 50 })).toBe(500);
    expect(discountOn(-500 as Cents, { percent: 50 })).toBe(0);
    expect(discountOn(-500 as Cents, { amount: 100 as Cents })).toBe(0);
    expect(discountOn(1_000 as Cents, { amount: -100 as Cents })).toBe(0);
  });

  test.prop([fc.integer({ min: -1_000, max: 1_000_000 }), fc.integer({ min: 0, max: 100 })])(
    "a percentage discount is the share of the subtotal rounded to the cent, within 0..subtotal",
    (subtotal, percent) => {
      const d = discountOn(subtotal as Cents, { percent });
      const base = Math.max(0, subtotal);
      expect(d).toBe(Math.round((base * percent) / 100));
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(base);
    },
  );

  test("shows the fixed texts for invalid and used codes, else the server's message", () => {
    expect(voucherErrorText(undefined)).toBe(VOUCHER_INVALID_MESSAGE);
    expect(voucherErrorText({ code: VOUCHER_INVALID, message: "nope" })).toBe("This voucher code is invalid");
    expect(voucherErrorText({ code: VOUCHER_USED, message: "nope" })).toBe("This voucher code has already been used");
    expect(voucherErrorText({ code: "voucher.expired", message: "This voucher has expired" })).toBe("This voucher has expired");
    expect(voucherErrorText({ code: "voucher.expired", message: "  " })).toBe(VOUCHER_INVALID_MESSAGE);
    expect(VOUCHER_USED_MESSAGE).toBe("This voucher code has already been used");
  });
});

describe("order lookup bodies (spec §5 Order number lookup, §7 get-orders)", () => {
  test("sends the first present key, or reference false", () => {
    const all = { consumer_email: "a@b.nl", reference: "123456789", consumer_external_reference: "x" };
    expect(getOrdersBody(all)).toEqual({ consumer_email: "a@b.nl" });
    expect(getOrdersBody({ ...all, consumer_email: "" })).toEqual({ reference: "123456789" });
    expect(getOrdersBody({ consumer_external_reference: "x" })).toEqual({ consumer_external_reference: "x" });
    expect(getOrdersBody({ reference: "" })).toEqual({ reference: false });
    expect(getOrdersBody({})).toEqual({ reference: false });
  });

  test("looks an order number up by reference or by external reference", () => {
    expect(lookupKeysOf({ _tag: "Reference", reference: "123456789" })).toEqual({ reference: "123456789" });
    expect(lookupKeysOf({ _tag: "ExternalReference", externalReference: "0b1c" })).toEqual({ consumer_external_reference: "0b1c" });
  });

  test.prop([fc.option(fc.string(), { nil: undefined }), fc.option(fc.string(), { nil: undefined }), fc.option(fc.string(), { nil: undefined })])(
    "counts the keys present",
    (consumer_email, reference, consumer_external_reference) => {
      const keys = {
        ...(consumer_email === undefined ? {} : { consumer_email }),
        ...(reference === undefined ? {} : { reference }),
        ...(consumer_external_reference === undefined ? {} : { consumer_external_reference }),
      };
      expect(lookupKeyCount(keys)).toBe(Object.keys(keys).length);
    },
  );

  test("the request schema takes a 9-digit reference and a UUID external reference only", () => {
    expect(decodes(GetOrdersRequest, { reference: "123456789" })).toBe(true);
    expect(decodes(GetOrdersRequest, { reference: "12345678" })).toBe(false);
    expect(decodes(GetOrdersRequest, { consumer_external_reference: "0b1c2d3e-aaaa-4bbb-8ccc-0123456789ab" })).toBe(true);
    expect(decodes(GetOrdersRequest, { consumer_external_reference: "not-a-uuid" })).toBe(false);
  });
});

describe("account API bodies (spec §3 Wishlist, §7)", () => {
  test("limit a body to 32 KiB", () => {
    expect(ACCOUNT_API_BODY_LIMIT_BYTES).toBe(32_768);
  });

  test("a newsletter body names an address of the form x@y, or none", () => {
    expect(decodes(NewsletterBody, {})).toBe(true);
    expect(decodes(NewsletterBody, { email: "a@b" })).toBe(true);
    expect(decodes(NewsletterBody, { email: "ann@example.nl" })).toBe(true);
    for (const bad of ["ab@", "@ab", "a b@c", "a@b c", "ann", "a@@b", "a@b@c", " a@b", "a@b "]) expect(decodes(NewsletterBody, { email: bad })).toBe(false);
  });

  test("a wishlist body takes positive quantities up to 1000 and a total in euros", () => {
    const body = (quantity: number) => ({ preferences: { products: { t1: quantity }, totalAmount: 12.5, travelCart: null } });
    expect(Schema.decodeUnknownSync(WishlistBody)(body(2))).toEqual({ preferences: { products: { t1: 2 }, totalAmount: 1250, travelCart: null } });
    expect(decodes(WishlistBody, body(1000))).toBe(true);
    expect(decodes(WishlistBody, body(0))).toBe(false);
    expect(decodes(WishlistBody, body(1001))).toBe(false);
    expect(decodes(WishlistBody, { preferences: { products: {}, totalAmount: -1, travelCart: null } })).toBe(false);
  });

  test("a membership answer carries a status and a level or null", () => {
    expect(Schema.decodeUnknownSync(MembershipAnswer)({ data: { status: 1, level: "gold" } })).toEqual({ data: { status: 1, level: "gold" } });
    expect(decodes(MembershipAnswer, { data: { status: 0, level: null } })).toBe(true);
    expect(decodes(MembershipAnswer, { data: { status: "0", level: null } })).toBe(false);
  });
});

describe("shipping change body (spec §4 Shipping country change)", () => {
  test("takes a country code of 2 to 8 characters", () => {
    expect(decodes(PutShippingCountry, { country: "NL" })).toBe(true);
    expect(decodes(PutShippingCountry, { country: "OTHER" })).toBe(true);
    expect(decodes(PutShippingCountry, { country: "N" })).toBe(false);
    expect(decodes(PutShippingCountry, { country: "TOOLONGXX" })).toBe(false);
  });
});

describe("IsoDate failure message", () => {
  test("names the expected form", () => {
    expect(() => Schema.decodeUnknownSync(IsoDate)("tomorrow")).toThrow(/a date YYYY-MM-DD/);
  });
});

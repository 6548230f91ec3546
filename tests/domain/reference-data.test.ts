import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect } from "vitest";
import { ApiErrorBody, CART_TOKEN_HEADER, DataEnvelope, EVENT_NAMESPACE_HEADER } from "../../domain/api.schema.ts";
import { COUNTRIES } from "../../domain/countries.ts";
import { chooseLocale, DEFAULT_LOCALE, LOCALE_NAMES, SUPPORTED_LOCALES, toSupportedLocale } from "../../domain/locale.ts";
import { PaymentProviderName, ShippingCountry, YesNo } from "../../domain/shop.schema.ts";

describe("country list", () => {
  test("starts with the Netherlands and holds the countries whose states the checkout asks for", () => {
    expect(COUNTRIES[0]).toEqual({ code: "NL", name: "Netherlands", phonePrefix: "31" });
    const byCode = new Map(COUNTRIES.map((c) => [c.code, c] as const));
    expect(byCode.get("US")).toEqual({ code: "US", name: "United States", phonePrefix: "1" });
    expect(byCode.get("CA")).toEqual({ code: "CA", name: "Canada", phonePrefix: "1" });
    expect(byCode.get("BR")).toEqual({ code: "BR", name: "Brazil", phonePrefix: "55" });
    expect(byCode.get("BE")?.phonePrefix).toBe("32");
    expect(byCode.get("DE")?.phonePrefix).toBe("49");
  });

  test("has unique upper-case two-letter codes, names and digit-only phone prefixes", () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.name).toMatch(/^[A-Z][A-Za-z ]+$/);
      expect(c.phonePrefix).toMatch(/^[1-9]\d{0,2}$/);
    }
  });
});

describe("locale", () => {
  test("speaks en, nl and es with their own names and defaults to en", () => {
    expect(SUPPORTED_LOCALES).toEqual(["en", "nl", "es"]);
    expect(LOCALE_NAMES).toEqual({ en: "English", nl: "Nederlands", es: "Español" });
    expect(DEFAULT_LOCALE).toBe("en");
  });

  test("maps language tags to their supported base language", () => {
    expect(toSupportedLocale("nl-BE")).toBe("nl");
    expect(toSupportedLocale(" ES_mx ")).toBe("es");
    expect(toSupportedLocale("fr")).toBeNull();
    expect(toSupportedLocale("")).toBeNull();
    expect(toSupportedLocale(null)).toBeNull();
    expect(toSupportedLocale(undefined)).toBeNull();
  });

  test("prefers the cookie, then the first supported browser language, else en", () => {
    expect(chooseLocale("es", ["nl"])).toBe("es");
    expect(chooseLocale("fr", ["de", "nl-NL", "es"])).toBe("nl");
    expect(chooseLocale(null, ["de"])).toBe("en");
    expect(chooseLocale(null, [])).toBe("en");
  });

  test.prop([fc.option(fc.string(), { nil: null }), fc.array(fc.string(), { maxLength: 4 })])("always chooses a supported locale", (cookie, langs) => {
    expect(SUPPORTED_LOCALES).toContain(chooseLocale(cookie, langs));
  });
});

describe("wire schemas", () => {
  test("decode the data envelope and the error body", () => {
    expect(Schema.decodeUnknownSync(DataEnvelope(Schema.Number))({ data: 3 })).toEqual({ data: 3 });
    expect(() => Schema.decodeUnknownSync(DataEnvelope(Schema.Number))({ data: "3" })).toThrow();
    expect(Schema.decodeUnknownSync(ApiErrorBody)({ error: { code: "5004", message: "too many" } })).toEqual({ error: { code: "5004", message: "too many" } });
    expect(() => Schema.decodeUnknownSync(ApiErrorBody)({ error: { code: 5004, message: "too many" } })).toThrow();
    expect(EVENT_NAMESPACE_HEADER).toBe("x-event-namespace");
    expect(CART_TOKEN_HEADER).toBe("x-cart-token");
  });

  test("decode shipping rows with euro prices as cents and only known providers and switches", () => {
    expect(Schema.decodeUnknownSync(ShippingCountry)({ countrycode: "NL", countryname: "Nederland", deliverytype: "post", price: 5.99 })).toEqual({
      countrycode: "NL", countryname: "Nederland", deliverytype: "post", price: 599,
    });
    for (const p of ["adyen", "paylogic", "test"]) expect(Schema.decodeUnknownSync(PaymentProviderName)(p)).toBe(p);
    expect(() => Schema.decodeUnknownSync(PaymentProviderName)("stripe")).toThrow();
    expect(Schema.decodeUnknownSync(YesNo)("Yes")).toBe("Yes");
    expect(Schema.decodeUnknownSync(YesNo)("No")).toBe("No");
    expect(() => Schema.decodeUnknownSync(YesNo)("yes")).toThrow();
  });
});

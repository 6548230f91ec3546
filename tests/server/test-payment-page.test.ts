import { describe, expect, it } from "vitest";
import type { Cents } from "../../domain/money.ts";
import { acceptedLanguages, paymentNotFoundPage, paymentPageLocale, testPaymentPage } from "../../server/payments/test-payment-page.ts";

describe("test payment page locale (spec §1: en, nl, es)", () => {
  it("orders Accept-Language by q and drops q=0 and *", () => {
    expect(acceptedLanguages("fr;q=0.4, nl-BE, es;q=0.8, *;q=0.1, de;q=0")).toEqual(["nl-BE", "es", "fr"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("prefers the lang query, then the shop's locale cookie, then Accept-Language, else en", () => {
    expect(paymentPageLocale({ lang: "es", cookieHeader: "locale=nl", acceptLanguage: "en" })).toBe("es");
    expect(paymentPageLocale({ lang: "fr", cookieHeader: "a=1; locale=nl", acceptLanguage: "es" })).toBe("nl");
    expect(paymentPageLocale({ acceptLanguage: "fr, es-ES;q=0.9" })).toBe("es");
    expect(paymentPageLocale({ lang: ["nl", "es"], acceptLanguage: "de" })).toBe("en");
  });

  it("writes the page in the locale, with <html lang>", () => {
    const page = testPaymentPage({ paymentId: "p1", amount: 45900 as Cents, method: "ideal", status: "open", locale: "nl" });
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain("<h1>Testbetaling</h1>");
    expect(page).toContain(">Betalen</button>");
    expect(testPaymentPage({ paymentId: "p1", amount: 45900 as Cents, method: "ideal", status: "open", locale: "es" })).toContain("<h1>Pago de prueba</h1>");
    expect(testPaymentPage({ paymentId: "p1", amount: 45900 as Cents, method: "ideal", status: "open" })).toContain("<h1>Test payment</h1>");
    expect(paymentNotFoundPage("es")).toContain('lang="es"');
  });
});

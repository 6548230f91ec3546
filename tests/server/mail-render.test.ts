import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../../domain/locale.ts";
import type { MailContent } from "../../server/mail/mail-facts.ts";
import { redactUrl } from "../../server/http/log-redaction.ts";
import { renderMail } from "../../server/mail/mail-render.tsx";
import { mailSettingsFromEnv } from "../../server/mail/mail-settings.ts";
import { retryDelayMs } from "../../server/mail/outbox-worker.ts";

const ORIGIN = "https://tickets.example.org";
const shop = { shopTitle: "Lowlands Lights", logo: "/assets/logo-lowlands.svg" };
const confirmation = (firstName: string | null): MailContent => ({
  kind: "order-confirmation",
  facts: {
    ...shop,
    firstName,
    reference: "123456789",
    lines: [
      { title: "Weekend ticket", quantity: 2, amount: 39_000 },
      { title: "", quantity: 1, amount: 250, fee: "serviceFee" },
    ],
    total: 123_456,
    addOnPath: "/lowlands-lights/traveladdon?cartToken=ct_1&orderNumber=123456789",
    lookupPath: null,
  },
});

describe("the shop's mails (server/mail/mail-render.tsx, docs/mail.md)", () => {
  it.each(SUPPORTED_LOCALES)("writes the confirmation in %s as an accessible document: its language, a title, one h1, a captioned table with header cells", (locale) => {
    const mail = renderMail(confirmation("Anna"), locale, ORIGIN);
    expect(mail.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html.match(/<h1/g)).toHaveLength(1);
    expect(mail.html).toMatch(/<table[^>]*><caption/);
    expect(mail.html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(mail.html).toMatch(/<th scope="row"[^>]*>Weekend ticket<\/th>/);
    // The logo has a text alternative; money as spec §1 writes it in every language.
    expect(mail.html).toMatch(/<img src="https:\/\/tickets\.example\.org\/assets\/logo-lowlands\.svg" alt="[^"]*Lowlands Lights[^"]*"/);
    expect(mail.text).toContain("€ 1.234,56");
    expect(mail.text).toContain("€ 390,00");
  });

  it("names fee rows in the mail's language", () => {
    expect(renderMail(confirmation(null), "nl", ORIGIN).text).toContain("1 × Servicekosten  € 2,50");
    expect(renderMail(confirmation(null), "es", ORIGIN).text).toContain("1 × Gastos de gestión  € 2,50");
  });

  it("escapes what the visitor typed: a name is text, never markup", () => {
    const mail = renderMail(confirmation('<img src=x onerror="alert(1)">'), "en", ORIGIN);
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x");
  });

  it("gives the links descriptive texts and absolute addresses in both parts", () => {
    const mail = renderMail(confirmation("Anna"), "en", ORIGIN);
    expect(mail.html).toContain('href="https://tickets.example.org/lowlands-lights/traveladdon?cartToken=ct_1&amp;orderNumber=123456789"');
    expect(mail.html).toMatch(/>Add extras to order #123456789<\/a>/);
    expect(mail.text).toContain("Add extras to order #123456789:\nhttps://tickets.example.org/lowlands-lights/traveladdon?cartToken=ct_1&orderNumber=123456789\n");
    expect(mail.text).toContain("My festival:\nhttps://tickets.example.org/my-festival\n");
  });
});

describe("the mails' links in the request log", () => {
  it("carry the cart token, the order number and the upgrade access id in the query only, which the log redacts", () => {
    const offer: MailContent = {
      kind: "add-on-offer",
      facts: { ...shop, reference: "123456789", extraName: "Towel", packageName: "Hotel De Duinen", offerExpiresAt: "2027-06-01T12:30:00Z", linkPath: "/lowlands-lights/traveladdon/hotel-de-duinen?cartToken=ct_secret&orderNumber=123456789" },
    };
    const upgrade: MailContent = { kind: "upgrade-link", facts: { ...shop, orderId: "LL-1", upgradeText: null, linkPath: "/lowlands-lights/upgrade?idt_oss_order_id=LL-1&access_id=acc-secret" } };
    const links = [confirmation("Anna"), offer, upgrade].flatMap((content) => [...renderMail(content, "en", ORIGIN).text.matchAll(/https:\/\/\S+/g)].map((m) => m[0]));
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) {
      const logged = redactUrl(link.slice(ORIGIN.length));
      expect(logged).not.toMatch(/ct_1|ct_secret|acc-secret|123456789/);
    }
  });
});

describe("mail settings (server/mail/mail-settings.ts)", () => {
  it("refuses to start in production without SMTP_URL, and runs without mail only when told SMTP_URL=off", () => {
    expect(() => mailSettingsFromEnv({ NODE_ENV: "production" })).toThrow(/NODE_ENV=production needs SMTP_URL.*SMTP_URL=off/);
    expect(mailSettingsFromEnv({ NODE_ENV: "production", SMTP_URL: "off" })).toEqual({ kind: "off" });
    expect(mailSettingsFromEnv({ NODE_ENV: "production", SMTP_URL: "smtp://u:p@mail.example.org:587", PUBLIC_ORIGIN: "https://tickets.example.org" })).toEqual({
      kind: "smtp",
      smtpUrl: "smtp://u:p@mail.example.org:587",
      from: "Festival shop <noreply@tickets.example.org>",
    });
  });

  it("runs the local catcher outside production when SMTP_URL is unset, on the ports given", () => {
    expect(mailSettingsFromEnv({})).toEqual({ kind: "catcher", smtpPort: 1025, webPort: 1080, from: "Festival shop <noreply@localhost>" });
    expect(mailSettingsFromEnv({ MAIL_CATCHER_SMTP_PORT: "1125", MAIL_CATCHER_WEB_PORT: "1180", MAIL_FROM: "Tickets <t@example.org>" })).toMatchObject({ smtpPort: 1125, webPort: 1180, from: "Tickets <t@example.org>" });
  });

  it("refuses an SMTP_URL that is no SMTP address without repeating it (it may hold a password)", () => {
    expect(() => mailSettingsFromEnv({ SMTP_URL: "https://user:secret@mail.example.org" })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => mailSettingsFromEnv({ SMTP_URL: "https://user:secret@mail.example.org" })).not.toThrow(/secret/);
    expect(() => mailSettingsFromEnv({ MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM/);
  });
});

describe("retry backoff (server/mail/outbox-worker.ts)", () => {
  it("waits about 5 s after the first failure, twice as long after each next one, and never much more than an hour", () => {
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const expected = Math.min(5_000 * 2 ** (attempt - 1), 3_600_000);
      const delay = retryDelayMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(expected * 0.8 - 1);
      expect(delay).toBeLessThanOrEqual(expected * 1.2 + 1);
    }
  });
});

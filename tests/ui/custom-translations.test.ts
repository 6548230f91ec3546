import { test } from "@fast-check/vitest";
import { parse } from "@formatjs/icu-messageformat-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainCustomTranslations } from "../../ui/i18n/custom-translations.ts";
import { parseCustomTranslations } from "../../ui/i18n/parse-custom-translations.ts";

// The build ships react-intl without its ICU parser, so a shop's custom translations (spec §1), which arrive
// as strings, are turned into ASTs by the web app: plain text without the parser, anything else with it (lazily).
const plainText = fc.string({ unit: "grapheme" }).filter((s) => !/[{}<>']/.test(s));

describe("custom translations without the parser", () => {
  test.prop([plainText])("plain text gives the AST the ICU parser gives", (message) => {
    expect(plainCustomTranslations({ en: { key: message } })).toEqual({ en: { key: parse(message) } });
  });

  it("turns every locale's plain messages into ASTs", () => {
    const parsed = plainCustomTranslations({ en: { "overview.buyTickets": "Get your Northern Nights tickets" }, nl: { "overview.buyTickets": "Koop je Northern Nights-tickets" } });
    expect(parsed?.["nl"]?.["overview.buyTickets"]).toEqual(parse("Koop je Northern Nights-tickets"));
  });

  it.each(["Hello {name}", "Get <b>Lights</b>", "{count, plural, one {# ticket} other {# tickets}}", "Lights' tickets"])("leaves %s to the parser", (message) => {
    expect(plainCustomTranslations({ en: { key: "plain" }, nl: { key: message } })).toBeUndefined();
  });
});

describe("custom translations with the parser", () => {
  it("parses ICU messages and leaves out a message that is not valid ICU", () => {
    expect(parseCustomTranslations({ en: { a: "{count, plural, one {# ticket} other {# tickets}}", b: "broken {" } })).toEqual({
      en: { a: parse("{count, plural, one {# ticket} other {# tickets}}") },
    });
  });
});

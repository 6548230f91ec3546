import type { LiteralElement, TYPE } from "@formatjs/icu-messageformat-parser";
import type { CustomTranslations } from "./messages.ts";
import type { ParsedTranslations } from "./parse-custom-translations.ts";

// Characters that give an ICU message structure: arguments, plural/select, tags and quoting. A message without any
// is plain text, whose AST is one literal element.
const ICU_SYNTAX = /[{}<>']/;

/**
 * A shop's custom translations (spec §1, §3) as ICU ASTs without the parser, when every message is plain text (no
 * `{ } < > '`): each becomes one literal element (none when empty), as the parser would give. Undefined when a message needs the parser
 * (parse-custom-translations.ts, loaded lazily).
 */
export const plainCustomTranslations = (custom: CustomTranslations): ParsedTranslations | undefined => {
  const messages = Object.values(custom).flatMap((table) => Object.values(table));
  if (messages.some((message) => ICU_SYNTAX.test(message))) return undefined;
  const literal = (value: string): LiteralElement[] => (value === "" ? [] : [{ type: 0 as TYPE.literal, value }]);
  return Object.fromEntries(Object.entries(custom).map(([locale, table]) => [locale, Object.fromEntries(Object.entries(table).map(([key, message]) => [key, literal(message)]))]));
};

import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { CustomTranslations } from "./messages.ts";

/** A shop's custom translations parsed to ICU ASTs: locale -> message key -> AST. */
export type ParsedTranslations = Readonly<Record<string, Readonly<Record<string, MessageFormatElement[]>>>>;

/**
 * Parses a shop's custom translations (spec §1, §3) to ICU ASTs at run time, loading the parser only for shops that
 * have them; invalid ICU is left out so the built-in text shows.
 */
export const parseCustomTranslations = (custom: CustomTranslations): ParsedTranslations =>
  Object.fromEntries(
    Object.entries(custom).map(([locale, table]) => [
      locale,
      Object.fromEntries(
        Object.entries(table).flatMap(([key, message]) => {
          try {
            return [[key, parse(message)] as const];
          } catch {
            return [];
          }
        }),
      ),
    ]),
  );

import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import type { CustomTranslations } from "./messages.ts";

/** A shop's custom translations parsed to ICU ASTs: locale -> message key -> AST. */
export type ParsedTranslations = Readonly<Record<string, Readonly<Record<string, MessageFormatElement[]>>>>;

/**
 * Parses a shop's custom translations (shop config `customTranslations`, spec §1, §3), which arrive as ICU strings at
 * run time, to the AST react-intl formats: the build ships react-intl without its parser (vite.config.ts), so this
 * module (and the parser) loads only for a shop that has them. A message that is not valid ICU is left out, so the
 * built-in message shows instead.
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

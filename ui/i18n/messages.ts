import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Locale } from "../../domain/locale.ts";
import en from "./locales/en.ts";
import es from "./locales/es.ts";
import nl from "./locales/nl.ts";

/** A flat react-intl message table (key -> ICU message), as the message files spell it. */
export type Messages = Readonly<Record<string, string>>;

/**
 * A message table as react-intl takes it: key -> ICU message, or its AST when compiled (a build compiles the built-in
 * messages, vite.config.ts; a shop's custom translations are parsed when they arrive, parse-custom-translations.ts).
 */
export type MessageTable = Readonly<Record<string, string | MessageFormatElement[]>>;

/** Every message file of ui/i18n/messages named by its language (`items.en.json`, `shell.nl.json`): the feature areas' tables and every page's (message-areas.tsx, locales/*.ts). */
const LANGUAGE_FILES = import.meta.glob<Messages>("./messages/*.*.json", { eager: true, import: "default" });

/** `base` (every page's messages of `locale`) with every message file of `locale`: the feature areas' texts (no key is in two files, tests/ui/messages.test.ts). */
const withAreas = (locale: Locale, base: Messages): Messages =>
  Object.assign({}, base, ...Object.entries(LANGUAGE_FILES).flatMap(([file, table]) => (file.endsWith(`.${locale}.json`) ? [table] : [])));

/**
 * Every locale's built-in messages at once (spec §1), for the message checks and callers outside the browser; the web
 * app loads one language and the areas it shows instead.
 */
export const MESSAGES: Readonly<Record<Locale, Messages>> = { en: withAreas("en", en), nl: withAreas("nl", nl), es: withAreas("es", es) };

/** A shop's custom translations (shop config `customTranslations`, spec §1, §3): locale -> message key -> ICU message. */
export type CustomTranslations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The messages of `locale`, English as fallback for keys a translation lacks, and the shop's custom translations merged over them (spec §1). */
export const messagesFor = (locale: Locale, custom?: CustomTranslations): Messages => ({
  ...MESSAGES.en,
  ...MESSAGES[locale],
  ...(custom?.[locale] ?? {}),
});

import type { Locale } from "../../domain/locale.ts";
import en from "./messages/en.json";
import es from "./messages/es.json";
import nl from "./messages/nl.json";

/** A flat react-intl message table (key -> ICU message). */
export type Messages = Readonly<Record<string, string>>;

/** The built-in messages per locale (spec §1: en, nl, es). */
export const MESSAGES: Readonly<Record<Locale, Messages>> = { en, nl, es };

/** The messages of `locale`, English as fallback for keys a translation lacks, and the shop's custom translations merged over them (spec §1). */
export const messagesFor = (locale: Locale, custom?: Readonly<Record<string, Readonly<Record<string, string>>>>): Messages => ({
  ...MESSAGES.en,
  ...MESSAGES[locale],
  ...(custom?.[locale] ?? {}),
});

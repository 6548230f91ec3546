import type { Locale } from "../../domain/locale.ts";
import a11yEn from "./messages/a11y.en.json";
import a11yEs from "./messages/a11y.es.json";
import a11yNl from "./messages/a11y.nl.json";
import checkoutEn from "./messages/checkout.en.json";
import checkoutEs from "./messages/checkout.es.json";
import checkoutNl from "./messages/checkout.nl.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import itemsEn from "./messages/items.en.json";
import itemsEs from "./messages/items.es.json";
import itemsNl from "./messages/items.nl.json";
import nl from "./messages/nl.json";
import shellEn from "./messages/shell.en.json";
import shellEs from "./messages/shell.es.json";
import shellNl from "./messages/shell.nl.json";
import travelEn from "./messages/travel.en.json";
import travelEs from "./messages/travel.es.json";
import travelNl from "./messages/travel.nl.json";

/** A flat react-intl message table (key -> ICU message). */
export type Messages = Readonly<Record<string, string>>;

/**
 * The built-in messages per locale (spec §1: en, nl, es): the common table plus one table per feature area
 * (shell, items, travel, checkout, a11y), so each area keeps its own keys.
 */
export const MESSAGES: Readonly<Record<Locale, Messages>> = {
  en: { ...en, ...shellEn, ...itemsEn, ...travelEn, ...checkoutEn, ...a11yEn },
  nl: { ...nl, ...shellNl, ...itemsNl, ...travelNl, ...checkoutNl, ...a11yNl },
  es: { ...es, ...shellEs, ...itemsEs, ...travelEs, ...checkoutEs, ...a11yEs },
};

/** A shop's custom translations (shop config `customTranslations`, spec §1, §3): locale -> message key -> ICU message. */
export type CustomTranslations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The messages of `locale`, English as fallback for keys a translation lacks, and the shop's custom translations merged over them (spec §1). */
export const messagesFor = (locale: Locale, custom?: CustomTranslations): Messages => ({
  ...MESSAGES.en,
  ...MESSAGES[locale],
  ...(custom?.[locale] ?? {}),
});

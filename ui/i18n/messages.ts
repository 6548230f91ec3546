import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Locale } from "../../domain/locale.ts";
import checkoutEn from "./messages/checkout.en.json";
import checkoutEs from "./messages/checkout.es.json";
import checkoutNl from "./messages/checkout.nl.json";
import itemsEn from "./messages/items.en.json";
import itemsEs from "./messages/items.es.json";
import itemsNl from "./messages/items.nl.json";
import paymentStatusEn from "./messages/paymentstatus.en.json";
import paymentStatusEs from "./messages/paymentstatus.es.json";
import paymentStatusNl from "./messages/paymentstatus.nl.json";
import registerEn from "./messages/register.en.json";
import registerEs from "./messages/register.es.json";
import registerNl from "./messages/register.nl.json";
import transportEn from "./messages/transport.en.json";
import transportEs from "./messages/transport.es.json";
import transportNl from "./messages/transport.nl.json";
import travelAddonEn from "./messages/traveladdon.en.json";
import travelAddonEs from "./messages/traveladdon.es.json";
import travelAddonNl from "./messages/traveladdon.nl.json";
import travelEn from "./messages/travel.en.json";
import travelEs from "./messages/travel.es.json";
import travelNl from "./messages/travel.nl.json";
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

/**
 * Every locale's built-in messages at once (spec §1: en, nl, es), every page's and every feature area's, for the
 * message checks and callers outside the browser. The web app does not import this: it loads the visitor's language
 * alone (load-messages.ts) and a feature area's messages with the routes that show them (message-areas.tsx), so a page
 * carries one language and the areas it shows.
 */
export const MESSAGES: Readonly<Record<Locale, Messages>> = {
  en: { ...en, ...itemsEn, ...transportEn, ...travelEn, ...travelAddonEn, ...checkoutEn, ...registerEn, ...paymentStatusEn },
  nl: { ...nl, ...itemsNl, ...transportNl, ...travelNl, ...travelAddonNl, ...checkoutNl, ...registerNl, ...paymentStatusNl },
  es: { ...es, ...itemsEs, ...transportEs, ...travelEs, ...travelAddonEs, ...checkoutEs, ...registerEs, ...paymentStatusEs },
};

/** A shop's custom translations (shop config `customTranslations`, spec §1, §3): locale -> message key -> ICU message. */
export type CustomTranslations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The messages of `locale`, English as fallback for keys a translation lacks, and the shop's custom translations merged over them (spec §1). */
export const messagesFor = (locale: Locale, custom?: CustomTranslations): Messages => ({
  ...MESSAGES.en,
  ...MESSAGES[locale],
  ...(custom?.[locale] ?? {}),
});

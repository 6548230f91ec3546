import { type ReactNode, use } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { type Locale, toSupportedLocale } from "../../domain/locale.ts";
import { messageLoader } from "../i18n/load-messages.ts";
import type { MessageTable } from "../i18n/messages.ts";

// The registration overview's texts (ui/i18n/messages/register.*.json), one chunk per language: they load with the
// register route in the visitor's language only, not with every page (issue 12 first-load budget).
const registerMessages = messageLoader({
  en: () => import("../i18n/messages/register.en.json"),
  nl: () => import("../i18n/messages/register.nl.json"),
  es: () => import("../i18n/messages/register.es.json"),
});

/** The registration overview's texts in `locale` (spec §1 en, nl, es), fetched once and shared (messageLoader). */
export const loadRegisterMessages = (locale: Locale): Promise<MessageTable> => registerMessages.load(locale);

/**
 * Provides the registration overview's texts (spec §1, §8 3000, 3002) of the current locale under the app's messages
 * to `children` (a shop's custom translations, in the app's messages, still win). Suspends until they have loaded.
 */
export function RegisterIntl({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const own = use(loadRegisterMessages(toSupportedLocale(intl.locale) ?? "en"));
  // The tables are strings in tests and the dev server and compiled ICU ASTs in a build (vite.config.ts); IntlProvider takes either.
  const messages = { ...own, ...intl.messages } as Record<string, string>;
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}

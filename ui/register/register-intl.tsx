import { type ReactNode, use } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { type Locale, toSupportedLocale } from "../../domain/locale.ts";
import type { MessageTable } from "../i18n/messages.ts";

/** A message load that React's `use` reads at once when it has settled (as ui/i18n/load-messages.ts). */
type TrackedLoad = Promise<MessageTable> & { status?: "pending" | "fulfilled" | "rejected"; value?: MessageTable };

// The registration overview's texts (ui/i18n/messages/register.*.json), one chunk per language: they load with the
// register route in the visitor's language only, not with every page (issue 12 first-load budget).
const LOADERS: Readonly<Record<Locale, () => Promise<{ readonly default: MessageTable }>>> = {
  en: () => import("../i18n/messages/register.en.json"),
  nl: () => import("../i18n/messages/register.nl.json"),
  es: () => import("../i18n/messages/register.es.json"),
};

const loads = new Map<Locale, TrackedLoad>();

/** The registration overview's texts in `locale` (spec §1 en, nl, es), fetched once and shared; marked fulfilled so `use()` reads a settled load without suspending. A failed load is forgotten, so a retry fetches again. */
export const loadRegisterMessages = (locale: Locale): Promise<MessageTable> => {
  const known = loads.get(locale);
  if (known) return known;
  const load: TrackedLoad = LOADERS[locale]().then((module) => module.default);
  load.status = "pending";
  load.then(
    (value) => Object.assign(load, { status: "fulfilled", value }),
    () => loads.delete(locale),
  );
  loads.set(locale, load);
  return load;
};

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

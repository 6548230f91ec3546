import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { I18nProvider } from "react-aria-components";
import { IntlProvider } from "react-intl";
import { ChooseLocale } from "../../application/use-cases/choose-locale.use-case.ts";
import type { Locale } from "../../domain/locale.ts";
import { useUseCase } from "../use-cases.tsx";
import { type CustomTranslations, messagesFor } from "./messages.ts";

interface LocaleState {
  readonly locale: Locale;
  readonly switchLocale: (locale: Locale) => void;
  /** Sets (or with undefined clears) the current shop's custom translations; see useShopTranslations. */
  readonly setCustomTranslations: (custom: CustomTranslations | undefined) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

/**
 * Provides the chosen locale (locale cookie, then browser language, else en; no route prefix) to react-intl, with
 * the current shop's custom translations merged over the built-in messages, and to react-aria (its own strings,
 * dates and numbers); keeps `<html lang>` in step; and offers a switch that stores the cookie. spec §1, §4.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const chooseLocale = useUseCase(ChooseLocale);
  const [locale, setLocale] = useState<Locale>(() => chooseLocale.execute());
  const [custom, setCustomTranslations] = useState<CustomTranslations | undefined>(undefined);
  const switchLocale = useCallback(
    (next: Locale) => {
      chooseLocale.switchTo(next);
      setLocale(next);
    },
    [chooseLocale],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const state = useMemo(() => ({ locale, switchLocale, setCustomTranslations }), [locale, switchLocale]);
  const messages = useMemo(() => messagesFor(locale, custom), [locale, custom]);
  return (
    <LocaleContext.Provider value={state}>
      <I18nProvider locale={locale}>
        <IntlProvider locale={locale} messages={messages} defaultLocale="en">
          {children}
        </IntlProvider>
      </I18nProvider>
    </LocaleContext.Provider>
  );
}

/** The current locale and its switch; throws outside a LocaleProvider (a bug). */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error("useLocale needs a LocaleProvider");
  return state;
}

/** Merges a loaded shop's custom translations (shop config `customTranslations`, spec §1, §3) over the built-in messages while the calling screen is mounted. */
export function useShopTranslations(custom: CustomTranslations | undefined): void {
  const { setCustomTranslations } = useLocale();
  useEffect(() => {
    setCustomTranslations(custom);
    return () => setCustomTranslations(undefined);
  }, [custom, setCustomTranslations]);
}

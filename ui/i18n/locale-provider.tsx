import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { IntlProvider } from "react-intl";
import { ChooseLocale } from "../../application/use-cases/choose-locale.use-case.ts";
import type { Locale } from "../../domain/locale.ts";
import { useUseCase } from "../use-cases.tsx";
import { messagesFor } from "./messages.ts";

interface LocaleState {
  readonly locale: Locale;
  readonly switchLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** Provides react-intl with the chosen locale (locale cookie, then browser language, else en; no route prefix) and a switch that stores the cookie. spec §1, §4. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const chooseLocale = useUseCase(ChooseLocale);
  const [locale, setLocale] = useState<Locale>(() => chooseLocale.execute());
  const switchLocale = useCallback(
    (next: Locale) => {
      chooseLocale.switchTo(next);
      setLocale(next);
    },
    [chooseLocale],
  );
  const state = useMemo(() => ({ locale, switchLocale }), [locale, switchLocale]);
  return (
    <LocaleContext.Provider value={state}>
      <IntlProvider locale={locale} messages={messagesFor(locale)} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

/** The current locale and its switch; throws outside a LocaleProvider (a bug). */
export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error("useLocale needs a LocaleProvider");
  return state;
}

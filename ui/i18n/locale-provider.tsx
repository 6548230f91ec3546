import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createContext, type ReactNode, startTransition, use, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { I18nProvider } from "react-aria-components";
import { IntlProvider } from "react-intl";
import { ChooseLocale } from "../../application/use-cases/choose-locale.use-case.ts";
import { SwitchLocale } from "../../application/use-cases/switch-locale.use-case.ts";
import type { Locale } from "../../domain/locale.ts";
import { useUseCase } from "../use-cases.tsx";
import { plainCustomTranslations } from "./custom-translations.ts";
import { loadedMessages, loadMessages } from "./load-messages.ts";
import type { CustomTranslations } from "./messages.ts";
import type { ParsedTranslations } from "./parse-custom-translations.ts";

interface LocaleState {
  readonly locale: Locale;
  readonly switchLocale: (locale: Locale) => void;
  /** Sets (or with undefined clears) the current shop's custom translations; see useShopTranslations. */
  readonly setCustomTranslations: (custom: CustomTranslations | undefined) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

/**
 * Provides the chosen locale (cookie, browser language, else en) to react-intl with the shop's custom translations, and
 * to react-aria; keeps `<html lang>` in step and offers a switch. spec §1, §4.
 */
export function LocaleProvider({ children, customTranslations }: { children: ReactNode; customTranslations?: CustomTranslations | undefined }) {
  const chooseLocale = useUseCase(ChooseLocale);
  const storeLocale = useUseCase(SwitchLocale);
  const [locale, setLocale] = useState<Locale>(() => chooseLocale.execute());
  // The shop's custom translations known before the first render (cachedShopTranslations) apply from it when they are
  // plain text, on the server and in the browser alike; the shop screen's later call with the same table changes nothing.
  const [custom, setParsedTranslations] = useState<ParsedTranslations | undefined>(() => (customTranslations ? plainCustomTranslations(customTranslations) : undefined));
  const source = useRef<CustomTranslations | undefined>(custom ? customTranslations : undefined);
  const switchLocale = useCallback(
    (next: Locale) => {
      storeLocale.execute({ locale: next });
      // A transition: while the next language's messages load, the page stays in the current one.
      startTransition(() => setLocale(next));
    },
    [storeLocale],
  );
  // Custom translations arrive as ICU strings. Plain text needs no parser; a message with ICU syntax loads the parser
  // (once). The latest call wins, so a shop left while its translations were being parsed does not get them afterwards.
  const latest = useRef(0);
  // Each change re-renders every message on the page: as a transition, so React renders it in slices that yield to the
  // browser (it happens right after hydration, when the shop screen mounts; blocking time) and an input stays responsive.
  const setCustomTranslations = useCallback((next: CustomTranslations | undefined) => {
    if (next === source.current) return;
    source.current = next;
    const call = ++latest.current;
    const apply = (parsed: ParsedTranslations | undefined) => startTransition(() => setParsedTranslations(parsed));
    if (!next || Object.values(next).every((table) => Object.keys(table).length === 0)) {
      apply(undefined);
      return;
    }
    const plain = plainCustomTranslations(next);
    if (plain) {
      apply(plain);
      return;
    }
    void import("./parse-custom-translations.ts").then(({ parseCustomTranslations }) => {
      if (call === latest.current) apply(parseCustomTranslations(next));
    });
  }, []);
  // Suspends only while the language is loading: `use` of a settled promise still makes React's test `act` defer work.
  const builtIn = loadedMessages(locale) ?? use(loadMessages(locale));
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const state = useMemo(() => ({ locale, switchLocale, setCustomTranslations }), [locale, switchLocale]);
  // ASTs after a build; under the dev server and in tests the built-in messages are strings beside the custom ASTs,
  // which react-intl takes message by message (its type names only all-string or all-AST tables).
  const messages = useMemo(() => (custom?.[locale] ? { ...builtIn, ...custom[locale] } : builtIn) as Record<string, MessageFormatElement[]>, [builtIn, locale, custom]);
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

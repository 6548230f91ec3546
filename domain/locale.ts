/** Locales the shop speaks (spec §1, §9: en, nl, es). */
export const SUPPORTED_LOCALES = ["en", "nl", "es"] as const;
/** One of en | nl | es. */
export type Locale = (typeof SUPPORTED_LOCALES)[number];
/** Display names of the locales (spec §9: English, Nederlands, Español). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: "English", nl: "Nederlands", es: "Español" };
/** Default locale when neither cookie nor browser names a supported one (the "en" reading of spec §1). */
export const DEFAULT_LOCALE: Locale = "en";

/** The supported locale a language tag names ("nl-BE" -> "nl"), or null ("fr" -> null). spec §9. */
export const toSupportedLocale = (tag: string | null | undefined): Locale | null => {
  // Stryker disable next-line StringLiteral: split always gives a first element, so the fallback never applies
  const base = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (SUPPORTED_LOCALES as ReadonlyArray<string>).includes(base) ? (base as Locale) : null;
};

/** Chooses the locale: the locale cookie, then the browser's languages in order, else en. spec §1, §4 locale switch. */
export const chooseLocale = (cookieValue: string | null, browserLanguages: ReadonlyArray<string>): Locale =>
  toSupportedLocale(cookieValue) ?? browserLanguages.map(toSupportedLocale).find((l) => l !== null) ?? DEFAULT_LOCALE;

/**
 * The date locale of a language: British English for English (spec §1 "Dates in British English": day, month name,
 * year), and for Dutch and Spanish their own month names in the same day-month-year order, so a Dutch or Spanish page
 * or mail names no English month.
 */
export const dateLocaleOf = (locale: string): string => (locale.startsWith("nl") ? "nl-NL" : locale.startsWith("es") ? "es-ES" : "en-GB");

import { useIntl } from "react-intl";
import { DEFAULT_LOCALE, type Locale, toSupportedLocale } from "../../domain/locale.ts";

const cache = new Map<string, Intl.DisplayNames>();

const namesOf = (locale: Locale, type: "region" | "language"): Intl.DisplayNames => {
  const key = `${locale}:${type}`;
  let names = cache.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type, fallback: "code" });
    cache.set(key, names);
  }
  return names;
};

/** The name of a country (ISO 3166 alpha-2 code, e.g. "NL") in the visitor's language ("Netherlands", "Nederland", "Países Bajos"); `fallback` (e.g. the API's countryname) when the code is not a region Intl knows. */
export const countryName = (code: string, locale: Locale, fallback?: string): string => {
  try {
    const name = namesOf(locale, "region").of(code.trim().toUpperCase());
    return name && name.toUpperCase() !== code.trim().toUpperCase() ? name : (fallback ?? code);
  } catch {
    return fallback ?? code;
  }
};

/** The name of a country in the language react-intl renders in (`useIntl().locale`), so it works under any IntlProvider; see countryName. */
export function useCountryName(): (code: string, fallback?: string) => string {
  const { locale } = useIntl();
  const supported = toSupportedLocale(locale) ?? DEFAULT_LOCALE;
  return (code, fallback) => countryName(code, supported, fallback);
}

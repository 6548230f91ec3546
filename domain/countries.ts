import { FESTIVAL_BRAND_COUNTRY_CODES } from "./shipping.ts";

/** A country of the checkout form: two-letter code (ISO 3166-1 alpha-2, upper case), English name, phone prefix digits. spec §3 Other entities "Country list". */
export interface Country {
  readonly code: string;
  readonly name: string;
  readonly phonePrefix: string;
}

/** The country list of the checkout form (country and phone prefix selects), Netherlands first. spec §3. */
export const COUNTRIES: ReadonlyArray<Country> = [
  { code: "NL", name: "Netherlands", phonePrefix: "31" },
  { code: "BE", name: "Belgium", phonePrefix: "32" },
  { code: "DE", name: "Germany", phonePrefix: "49" },
  { code: "FR", name: "France", phonePrefix: "33" },
  { code: "GB", name: "United Kingdom", phonePrefix: "44" },
  { code: "IE", name: "Ireland", phonePrefix: "353" },
  { code: "LU", name: "Luxembourg", phonePrefix: "352" },
  { code: "ES", name: "Spain", phonePrefix: "34" },
  { code: "PT", name: "Portugal", phonePrefix: "351" },
  { code: "IT", name: "Italy", phonePrefix: "39" },
  { code: "AT", name: "Austria", phonePrefix: "43" },
  { code: "CH", name: "Switzerland", phonePrefix: "41" },
  { code: "DK", name: "Denmark", phonePrefix: "45" },
  { code: "SE", name: "Sweden", phonePrefix: "46" },
  { code: "NO", name: "Norway", phonePrefix: "47" },
  { code: "FI", name: "Finland", phonePrefix: "358" },
  { code: "PL", name: "Poland", phonePrefix: "48" },
  { code: "CZ", name: "Czechia", phonePrefix: "420" },
  { code: "US", name: "United States", phonePrefix: "1" },
  { code: "CA", name: "Canada", phonePrefix: "1" },
  { code: "BR", name: "Brazil", phonePrefix: "55" },
  { code: "AU", name: "Australia", phonePrefix: "61" },
];

/**
 * The address country list a shop offers and the language its names are shown in: Netherlands, Belgium and Germany
 * in Dutch for the two festival brands, else the whole list in the visitor's language (`nameLocale` null). spec §1, §5.
 */
export const addressCountriesFor = (festivalBrand: boolean): { readonly countries: ReadonlyArray<Country>; readonly nameLocale: "nl" | null } =>
  festivalBrand ? { countries: COUNTRIES.filter((c) => (FESTIVAL_BRAND_COUNTRY_CODES as ReadonlyArray<string>).includes(c.code)), nameLocale: "nl" } : { countries: COUNTRIES, nameLocale: null };

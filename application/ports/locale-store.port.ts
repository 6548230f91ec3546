/** Port to the visitor's chosen locale (the locale cookie) and the browser's languages. spec §1, §4 locale switch. */
export interface LocaleStore {
  /** The locale cookie's value, or null when none is set. */
  getStoredLocale(): string | null;
  /** Stores the chosen locale code in the locale cookie. */
  storeLocale(locale: string): void;
  /** The browser's preferred languages, most preferred first (e.g. ["nl-NL", "en"]). */
  browserLanguages(): ReadonlyArray<string>;
}

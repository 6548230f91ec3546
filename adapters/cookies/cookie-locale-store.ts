import { parseCookie, stringifySetCookie } from "cookie";
import type { LocaleStore } from "../../application/ports/locale-store.port.ts";

/** Name of the locale cookie. spec §4 "Locale switch ... stores a cookie". */
export const LOCALE_COOKIE = "locale";
/** Lifetime of the locale cookie in seconds (one year). */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;

/** LocaleStore on document.cookie (parsed and written with the `cookie` library) and navigator.languages. */
export class CookieLocaleStore implements LocaleStore {
  constructor(private readonly doc: Document = document, private readonly nav: Navigator = navigator) {}

  /** The locale cookie's value, or null. */
  getStoredLocale(): string | null {
    return parseCookie(this.doc.cookie)[LOCALE_COOKIE] ?? null;
  }

  /** Writes the locale cookie (path /, one year, SameSite=Lax). */
  storeLocale(locale: string): void {
    this.doc.cookie = stringifySetCookie({ name: LOCALE_COOKIE, value: locale, path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax" });
  }

  /** navigator.languages, or navigator.language alone. */
  browserLanguages(): ReadonlyArray<string> {
    return this.nav.languages?.length ? this.nav.languages : [this.nav.language];
  }
}

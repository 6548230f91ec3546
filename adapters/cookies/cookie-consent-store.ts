import { parseCookie, stringifySetCookie } from "cookie";
import type { ConsentStore, CookieConsent } from "../../application/ports/consent-store.port.ts";

/** Name of the cookie-consent cookie. spec §2 Other layers. */
export const CONSENT_COOKIE = "cookie_consent";
/** Lifetime of the consent cookie in seconds (one year). */
export const CONSENT_COOKIE_MAX_AGE = 31_536_000;

/** ConsentStore on document.cookie through the `cookie` library: `cookie_consent` = all | necessary, path /, one year, SameSite=Lax, Secure on https. */
export class CookieConsentStore implements ConsentStore {
  constructor(private readonly doc: Document = document) {}

  /** The stored choice; null when absent or not one of the two values. */
  get(): CookieConsent | null {
    const value = parseCookie(this.doc.cookie)[CONSENT_COOKIE];
    return value === "all" || value === "necessary" ? value : null;
  }

  /** Writes the choice for a year on path /. */
  set(consent: CookieConsent): void {
    this.doc.cookie = stringifySetCookie({
      name: CONSENT_COOKIE,
      value: consent,
      path: "/",
      maxAge: CONSENT_COOKIE_MAX_AGE,
      sameSite: "lax",
      secure: this.doc.location?.protocol === "https:",
    });
  }
}

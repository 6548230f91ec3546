/** The visitor's cookie consent: "all" (analytics and the tag manager allowed) or "necessary" (only what the shop needs). spec §2 Other layers. */
export type CookieConsent = "all" | "necessary";

/** Port to where the cookie consent is remembered (a cookie in the browser). spec §2 Other layers "Cookie consent dialog". */
export interface ConsentStore {
  /** The remembered choice, or null when the visitor has not chosen yet. */
  get(): CookieConsent | null;
  /** Remembers the choice (overwrites). */
  set(consent: CookieConsent): void;
}

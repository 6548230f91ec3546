import { parseCookie, stringifySetCookie } from "cookie";
import type { IdTokenStore } from "../../application/ports/id-token-store.port.ts";

/** Name of the previous-id-token cookie. spec §6 "x-user-token ... from a previous-id-token cookie". */
export const PREVIOUS_ID_TOKEN_COOKIE = "previous-id-token";
/** Lifetime of the previous-id-token cookie in seconds (30 days; the server decides whether the token is still valid). */
export const PREVIOUS_ID_TOKEN_MAX_AGE = 2_592_000;

/** IdTokenStore on document.cookie through the `cookie` library: `previous-id-token`, Max-Age 2592000 s, Path=/, SameSite=Lax, Secure on https. spec §6. */
export class CookieIdTokenStore implements IdTokenStore {
  constructor(private readonly doc: Document = document) {}

  /** The stored id token, or null (an empty value counts as none). */
  get(): string | null {
    const value = parseCookie(this.doc.cookie)[PREVIOUS_ID_TOKEN_COOKIE];
    return value === undefined || value === "" ? null : value;
  }

  /** Writes the cookie. */
  set(idToken: string): void {
    this.doc.cookie = stringifySetCookie({
      name: PREVIOUS_ID_TOKEN_COOKIE,
      value: idToken,
      maxAge: PREVIOUS_ID_TOKEN_MAX_AGE,
      path: "/",
      sameSite: "lax",
      secure: this.doc.location?.protocol === "https:",
    });
  }

  /** Expires the cookie. spec §4 "If a different brand is already logged in, cookies are cleared". */
  clear(): void {
    this.doc.cookie = stringifySetCookie({ name: PREVIOUS_ID_TOKEN_COOKIE, value: "", maxAge: 0, expires: new Date(0), path: "/" });
  }
}

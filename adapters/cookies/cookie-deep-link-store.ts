import { parseCookie, stringifySetCookie } from "cookie";
import type { DeepLinkStore } from "../../application/ports/deep-link-store.port.ts";
import { DEEP_LINK_COOKIE, type DeepLinkCookieValue, parseDeepLinkCookie, serializeDeepLinkCookie } from "../../domain/deep-links.ts";

/**
 * DeepLinkStore on document.cookie through the `cookie` library: cookie `deeplink` holding the JSON of
 * {route, slug, category, query} (URL-encoded by the library), Max-Age 15552000 s, Path=/, SameSite=Lax, Secure on
 * https. spec §2 Route guards and deep links.
 */
export class CookieDeepLinkStore implements DeepLinkStore {
  constructor(private readonly doc: Document = document) {}

  /** The stored deep link, or null when absent or malformed. */
  get(): DeepLinkCookieValue | null {
    const text = parseCookie(this.doc.cookie)[DEEP_LINK_COOKIE.name];
    return text === undefined ? null : parseDeepLinkCookie(text);
  }

  /** Writes the cookie for 180 days on path /. */
  set(value: DeepLinkCookieValue): void {
    this.doc.cookie = stringifySetCookie({
      name: DEEP_LINK_COOKIE.name,
      value: serializeDeepLinkCookie(value),
      maxAge: DEEP_LINK_COOKIE.maxAgeSeconds,
      path: DEEP_LINK_COOKIE.path,
      sameSite: "lax",
      secure: this.doc.location?.protocol === "https:",
    });
  }

  /** Expires the cookie (Max-Age 0 on the same path). */
  clear(): void {
    this.doc.cookie = stringifySetCookie({ name: DEEP_LINK_COOKIE.name, value: "", maxAge: 0, expires: new Date(0), path: DEEP_LINK_COOKIE.path });
  }
}

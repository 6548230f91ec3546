import { parseCookie, stringifySetCookie } from "cookie";
import type { CartIdStore } from "../../application/ports/cart-id-store.port.ts";

/** Name of the cookie holding a shop's cart id: `festival-shop.cart.{slug}`. */
export const cartCookieName = (slug: string): string => `festival-shop.cart.${slug}`;
/** Lifetime of the cart id cookie in seconds (7 days): longer than any cart lives (spec §9: 900 s, 1200 s in pre-registration, then payment), so a paid cart's status page still finds it; a stale id is forgotten on its first 404. */
export const CART_COOKIE_MAX_AGE = 604_800;

/**
 * CartIdStore on document.cookie (path /, 7 days, SameSite=Lax, Secure on https), so the server rendering a page sees
 * the visitor's cart as the browser does. spec §3 Cart.
 */
export class CookieCartIdStore implements CartIdStore {
  constructor(private readonly doc: Document = document) {}

  /** The shop's cart id from its cookie, or null. */
  get(slug: string): string | null {
    return parseCookie(this.doc.cookie)[cartCookieName(slug)] || null;
  }

  /** Remembers the cart id in the shop's cookie. */
  set(slug: string, cartId: string): void {
    this.write(slug, cartId, CART_COOKIE_MAX_AGE);
  }

  /** Forgets the cart id: the cookie expires at once. */
  clear(slug: string): void {
    this.write(slug, "", 0);
  }

  private write(slug: string, value: string, maxAge: number): void {
    this.doc.cookie = stringifySetCookie({
      name: cartCookieName(slug),
      value,
      path: "/",
      maxAge,
      sameSite: "lax",
      secure: this.doc.location?.protocol === "https:",
    });
  }
}

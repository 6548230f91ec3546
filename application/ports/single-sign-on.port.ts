import { Data, type Effect } from "effect";
import type { UserProfile } from "../../domain/checkout-prefill.ts";
import type { Cents } from "../../domain/money.ts";
import type { TravelCart } from "../../domain/travel.schema.ts";

/**
 * The logged-in single sign-on user (spec §4 Login state, §6): subject, tokens, e-mail, name, expiry (epoch seconds),
 * the prefill profile (spec §3) and, after the callback, where to return.
 */
export interface SsoUser {
  readonly sub: string;
  readonly idToken: string;
  readonly accessToken: string;
  readonly email?: string;
  readonly name?: string;
  readonly expiresAt?: number;
  readonly profile?: UserProfile;
  readonly returnTo?: string;
}

/** Which wishlist: the event id and the year. spec §7 "get and put wishlists (eventId, year, preferences)". */
export interface WishlistKey {
  readonly eventId: string;
  readonly year: number;
}

/** Wishlist preferences (spec §3 Wishlist and pre-registration): products (id -> positive quantity), totalAmount (cents inside, euros on the wire), travelCart (the travel cart, null when none). */
export interface WishlistPreferences {
  readonly products: Readonly<Record<string, number>>;
  readonly totalAmount: Cents;
  readonly travelCart: TravelCart | null;
}

/** A saved wishlist: key plus preferences. spec §3, §4 Wishlist save. */
export interface Wishlist extends WishlistKey {
  readonly preferences: WishlistPreferences;
}

/** Membership of the account: status (0 = none; 0 after logout) and level (null when none). spec §4 Login state, §6. */
export interface Membership {
  readonly status: number;
  readonly level: string | null;
}

/** A newsletter signup through the account: with the visitor's e-mail, or with the page's query string (e.g. utm_ tags). spec §7 Single sign-on actions. */
export type NewsletterSignup = { readonly email: string } | { readonly query: string };

/**
 * A single sign-on failure (spec §4): `unavailable` (no provider), `login-required`, `provider` (refused) or `network`.
 */
export class SingleSignOnError extends Data.TaggedError("SingleSignOnError")<{
  readonly reason: "unavailable" | "login-required" | "provider" | "network";
  readonly message: string;
}> {}

/** How a login redirect starts: `askAgain` asks the provider to let the visitor log in anew (another account), not reuse its session. */
export interface LoginOptions {
  readonly askAgain?: boolean;
}

/**
 * Port to single sign-on (spec §4 Login state, §6 Roles, §7 Single sign-on actions): redirects for login, logout,
 * register and edit account; the session check; and the account's wishlist, membership and newsletter signup.
 */
export interface SingleSignOn {
  /** Starts the login redirect; `returnTo` is the shop path to come back to; `askAgain` makes the provider ask who logs in even while its session lives (OpenID Connect prompt=login). */
  login(returnTo?: string, options?: LoginOptions): Effect.Effect<void, SingleSignOnError>;
  /** Completes the login on the callback URL (code exchange) and answers the user. */
  completeLogin(callbackUrl: string): Effect.Effect<SsoUser, SingleSignOnError>;
  /** Starts the logout redirect (the local session is removed). */
  logout(): Effect.Effect<void, SingleSignOnError>;
  /** Starts the registration (create account) redirect. */
  register(returnTo?: string): Effect.Effect<void, SingleSignOnError>;
  /** Opens the account editing page of the identity provider. */
  editAccount(): Effect.Effect<void, SingleSignOnError>;
  /** The logged-in user of the active session, or null when nobody is logged in. */
  checkSession(): Effect.Effect<SsoUser | null, SingleSignOnError>;
  /** Forgets the stored user here, without a redirect (the Shop API refused its identity token: spec §6); nothing to forget succeeds. */
  forgetUser(): Effect.Effect<void>;
  /** The saved wishlist of the event and year, or null when none is saved; login-required without a user. */
  getWishlist(key: WishlistKey): Effect.Effect<Wishlist | null, SingleSignOnError>;
  /** Saves the wishlist (overwrites); login-required without a user. */
  putWishlist(wishlist: Wishlist): Effect.Effect<void, SingleSignOnError>;
  /** The account's membership; login-required without a user. */
  loadMembership(): Effect.Effect<Membership, SingleSignOnError>;
  /** Signs the account up for the newsletter; login-required without a user. */
  newsletterSignup(signup: NewsletterSignup): Effect.Effect<void, SingleSignOnError>;
}

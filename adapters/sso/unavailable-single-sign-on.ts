import { Effect } from "effect";
import { type SingleSignOn, SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";

const unavailable = () => Effect.fail(new SingleSignOnError({ reason: "unavailable", message: "Single sign-on is not configured for this shop." }));

/**
 * SingleSignOn when no identity provider is configured (spec §4 "A missing controller marks single sign-on
 * unavailable"): every call fails `unavailable`, the session check too, so the shop knows single sign-on is not
 * initialised (no profile icon, no login redirect: spec §2 Route guards) instead of taking it for an anonymous visitor.
 */
export class UnavailableSingleSignOn implements SingleSignOn {
  login = unavailable;
  completeLogin = unavailable;
  logout = unavailable;
  register = unavailable;
  editAccount = unavailable;
  checkSession = unavailable;
  /** No provider, no stored user: nothing to forget. */
  forgetUser = () => Effect.void;
  getWishlist = unavailable;
  putWishlist = unavailable;
  loadMembership = unavailable;
  newsletterSignup = unavailable;
}

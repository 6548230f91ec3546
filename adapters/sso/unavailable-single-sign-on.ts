import { Effect } from "effect";
import { type SingleSignOn, SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";

const unavailable = () => Effect.fail(new SingleSignOnError({ reason: "unavailable", message: "Single sign-on is not configured for this shop." }));

/**
 * SingleSignOn without an identity provider (spec §4): every call fails `unavailable`, so the shop knows single sign-on
 * is off (spec §2 Route guards) rather than taking the visitor for anonymous.
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

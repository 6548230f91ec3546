import { Effect } from "effect";
import { type SingleSignOn, SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";

const unavailable = () => Effect.fail(new SingleSignOnError({ reason: "unavailable", message: "Single sign-on is not configured for this shop." }));

/**
 * SingleSignOn when no identity provider is configured (spec §4 "A missing controller marks single sign-on
 * unavailable"): nobody is ever logged in (checkSession answers null), every other action fails `unavailable`.
 */
export class UnavailableSingleSignOn implements SingleSignOn {
  login = unavailable;
  completeLogin = unavailable;
  logout = unavailable;
  register = unavailable;
  editAccount = unavailable;
  /** Nobody is logged in. */
  checkSession() {
    return Effect.succeed(null);
  }
  getWishlist = unavailable;
  putWishlist = unavailable;
  loadMembership = unavailable;
  newsletterSignup = unavailable;
}

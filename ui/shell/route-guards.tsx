import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { cartTimedOut } from "../../domain/countdown.ts";
import { membershipMissing, mustRedirectToLogin } from "../../domain/shop-flow.ts";
import { useCart, useCurrentShop } from "../shop/shop-context.tsx";
import { useErrorDialog } from "./error-dialog.tsx";
import { useSsoState } from "./login-state.ts";

/** Where the login screen sends the visitor back to after logging in (router location state). */
export interface LoginReturn {
  readonly from: string;
}

/**
 * The route guards of spec §2 "Route guards and deep links" inside a shop: a cart whose timeout is zero or less
 * (domain cartTimedOut) sends the visitor to /{slug}; a member sale, pre-registration, travel sale or add-on shop, or
 * one with loginRequired or membershipRequired, with single sign-on initialised and nobody logged in (domain
 * mustRedirectToLogin) sends the visitor to /login. Both keep the query string and replace the history entry. In a
 * member shop a logged-in account without an active membership (domain membershipMissing) gets 6005 Membership needed,
 * which cannot be dismissed and leads to the event chooser (spec §6, §8 6005).
 */
export function ShopRouteGuards() {
  const { slug, config } = useCurrentShop();
  const cart = useCart();
  const sso = useSsoState();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const timedOut = cart.data ? cartTimedOut(cart.data.timeout, cart.data.status) : false;
  const atOverview = pathname.replace(/\/+$/, "") === `/${slug}`;
  const toLogin = mustRedirectToLogin({
    membersale: config.membersale ?? false,
    preregistration: config.preregistration,
    travelsale: config.travelsale ?? false,
    isAddOnShop: config.shopInit.isAddOnShop,
    loginRequired: config.loginRequired ?? false,
    membershipRequired: config.membershipRequired ?? false,
    ssoInitialised: sso.status === "anonymous" || sso.status === "user",
    loggedIn: sso.status === "user",
    pathname,
  });
  const { show } = useErrorDialog();
  const needsMembership = membershipMissing({
    membersale: config.membersale ?? false,
    membershipRequired: config.membershipRequired ?? false,
    loggedIn: sso.status === "user",
    membershipStatus: sso.status === "user" ? sso.login.membership.status : 0,
  });
  useEffect(() => {
    if (needsMembership) show({ code: 6005, blocking: true, confirmLabelId: "error.6005.confirm", onConfirm: () => navigate(`/${search}`) });
  }, [needsMembership, show, navigate, search]);
  useEffect(() => {
    if (toLogin) navigate(`/login${search}`, { replace: true, state: { from: pathname + search } satisfies LoginReturn });
    else if (timedOut && !atOverview) navigate(`/${slug}${search}`, { replace: true });
  }, [toLogin, timedOut, atOverview, slug, pathname, search, navigate]);
  return null;
}

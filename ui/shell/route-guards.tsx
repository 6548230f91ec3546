import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import { cartTimedOut, timesUpCode } from "../../domain/countdown.ts";
import { rawQuery, withoutDeepLinkCart } from "../../domain/deep-links.ts";
import { membershipMissing, mustRedirectToLogin } from "../../domain/shop-flow.ts";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCart, useCurrentShop } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";
import { useErrorDialog } from "./error-dialog.tsx";
import { useSsoState } from "./login-state.ts";

/** Where the login screen sends the visitor back to after logging in (router location state). */
export interface LoginReturn {
  readonly from: string;
}

/**
 * The route guards of spec §2 "Route guards and deep links" inside a shop: a cart whose timeout is zero or less
 * (domain cartTimedOut) sends the visitor to /{slug} without the expired cart's deep link, says so there with the
 * countdown's blocking message (timesUpCode: 6002 Time's up, 4004 in upgrade mode, spec §4 Countdown) and lets the
 * cart go (ForgetCart: a page the server rendered brought it without the browser's GetCurrentCart), so a visitor who
 * comes back after the time ran out shops again at once; a member sale, pre-registration, travel sale or add-on shop, or
 * one with loginRequired or membershipRequired, with single sign-on initialised and nobody logged in (domain
 * mustRedirectToLogin) sends the visitor to /login. Both keep the query string and replace the history entry. In a
 * member shop a logged-in account without an active membership (domain membershipMissing) gets 6005 Membership needed,
 * which cannot be dismissed and leads to the event chooser (spec §6, §8 6005).
 */
export function ShopRouteGuards() {
  const { slug, config, context } = useCurrentShop();
  const cart = useCart();
  const sso = useSsoState();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forgetCart = useUseCase(ForgetCart);
  const upgradeMode = context.upgradableOrderId !== undefined;
  const expiredCartId = cart.data && cartTimedOut(cart.data.timeout, cart.data.status) ? cart.data.id : null;
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
    else if (expiredCartId !== null) {
      forgetCart.execute({ slug, cartId: expiredCartId });
      queryClient.setQueryData(shopKeys.cart(slug), null);
      void queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) });
      show({ code: timesUpCode(upgradeMode), blocking: true });
      const query = withoutDeepLinkCart(search);
      if (!atOverview || query !== rawQuery(search)) navigate(`/${slug}${query ? `?${query}` : ""}`, { replace: true });
    }
  }, [toLogin, expiredCartId, upgradeMode, atOverview, slug, pathname, search, navigate, queryClient, show, forgetCart]);
  return null;
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import { cartTimedOut } from "../../domain/countdown.ts";
import { rawQuery, withoutDeepLinkCart } from "../../domain/deep-links.ts";
import { membershipMissing, mustRedirectToLogin, saleOf } from "../../domain/sale-mode.ts";
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
 * The route guards of spec §2 "Route guards and deep links" inside a shop: an expired cart goes back to /{slug} with the
 * mode's Time's up message; the sale rules send an anonymous visitor to /login and an account without membership to 6005.
 */
export function ShopRouteGuards() {
  // An expired cart (domain cartTimedOut) loses its deep link and is let go (ForgetCart: a page the server rendered
  // brought it without GetCurrentCart), so a visitor who comes back shops again at once. The login guard (domain
  // mustRedirectToLogin) needs single sign-on initialised; both keep the query string and replace the history entry.
  // 6005 Membership needed (domain membershipMissing) cannot be dismissed and leads to the event chooser (spec §6, §8).
  const { slug, config } = useCurrentShop();
  const { rules } = saleOf(config);
  const cart = useCart();
  const sso = useSsoState();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forgetCart = useUseCase(ForgetCart);
  const expiredCartId = cart.data && cartTimedOut(cart.data.timeout, cart.data.status) ? cart.data.id : null;
  const atOverview = pathname.replace(/\/+$/, "") === `/${slug}`;
  const toLogin = mustRedirectToLogin({
    rules,
    ssoInitialised: sso.status === "anonymous" || sso.status === "user",
    loggedIn: sso.status === "user",
    pathname,
  });
  const { show } = useErrorDialog();
  const needsMembership = membershipMissing({
    rules,
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
      show({ code: rules.timesUpCode, blocking: true });
      const query = withoutDeepLinkCart(search);
      if (!atOverview || query !== rawQuery(search)) navigate(`/${slug}${query ? `?${query}` : ""}`, { replace: true });
    }
  }, [toLogin, expiredCartId, rules.timesUpCode, atOverview, slug, pathname, search, navigate, queryClient, show, forgetCart]);
  return null;
}

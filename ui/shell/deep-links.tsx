import { useEffect, useMemo } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { RecallDeepLink } from "../../application/use-cases/recall-deep-link.use-case.ts";
import { RememberDeepLink } from "../../application/use-cases/remember-deep-link.use-case.ts";
import { type DeepLinkParams, deepLinkCartId, isDeepLinkCart, readDeepLinkParams, withQuery } from "../../domain/deep-links.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { useUseCase } from "../use-cases.tsx";

/** The use case `useCase` (RememberDeepLink, RecallDeepLink), or null when the container has no deep-link store (screens composed in tests with some ports). */
function useDeepLinkUseCase<T extends { execute: (...args: never[]) => unknown }>(useCase: new (...args: never[]) => T): T | null {
  try {
    return useUseCase(useCase);
  } catch {
    return null;
  }
}

/**
 * Deep links of spec §2 on every route: the query's deep-link parameters go into the cookie (RememberDeepLink); on the
 * index `?route=…&slug=…` opens that route, query kept.
 */
export function DeepLinkEffects() {
  const remember = useDeepLinkUseCase(RememberDeepLink);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    remember?.execute({ query: search });
    const params = readDeepLinkParams(search);
    if (pathname === "/" && params.slug) {
      const target = params.route ? `/${encodeURIComponent(params.slug)}/${encodeURIComponent(params.route)}` : `/${encodeURIComponent(params.slug)}`;
      navigate(withQuery(target, search), { replace: true });
    }
  }, [remember, pathname, search, navigate]);
  return null;
}

/**
 * The deep-link parameters that address the Shop API for this visit: those of the current query, else those kept in
 * the deep-link cookie for this shop (or for no particular shop). spec §2, §7 Headers.
 */
export function useDeepLinkParams(slug: string): DeepLinkParams {
  const recall = useDeepLinkUseCase(RecallDeepLink);
  const { search } = useLocation();
  return useMemo(() => {
    const current = readDeepLinkParams(search);
    if (current.cartToken || current.policyId) return current;
    const kept = recall?.execute();
    return kept && (kept.slug === null || kept.slug === slug) ? readDeepLinkParams(kept.query) : current;
  }, [recall, search, slug]);
}

/** The shop context with a deep link's cartToken and policyId (x-cart-token, x-policy-id), which win over the shop's own policy id. spec §2, §7 Headers. */
export const withDeepLink = (context: ShopContext, params: DeepLinkParams): ShopContext => ({
  ...context,
  ...(params.cartToken ? { cartToken: params.cartToken } : {}),
  ...(params.policyId ? { policyId: params.policyId } : {}),
});

/** True when this page shows a cart from a deep link: cartToken and cartId in the query and the page is not checkout (domain isDeepLinkCart). spec §2. */
export function useIsDeepLinkCart(): boolean {
  const { pathname, search } = useLocation();
  return isDeepLinkCart(search, parseShopPath(pathname).step ?? "");
}

/** The id of the cart this page's deep link names (domain deepLinkCartId: cartToken and cartId in the query, not on checkout), or null. spec §2. */
export function useDeepLinkCartId(): string | null {
  const { pathname, search } = useLocation();
  return deepLinkCartId(search, parseShopPath(pathname).step ?? "");
}

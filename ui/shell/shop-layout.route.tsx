import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useIntl } from "react-intl";
import { Outlet, useLocation, useParams } from "react-router-dom";
import type { ShopNotFoundError } from "../../application/errors.ts";
import { useErrorDialogQueue, useErrorDialogTheme } from "./error-dialog.tsx";
import { ShopHeader } from "./header.tsx";
import { SiteHeader } from "./site-header.tsx";
import { shopQuery } from "../shop/shop.queries.ts";
import { useShopAnalyticsStart } from "../shop/shop-analytics.ts";
import { ShopProvider, useCart } from "../shop/shop-context.tsx";
import { lazyPart } from "../common/lazy-part.tsx";
import { prefetchWhenIdle } from "../common/prefetch-when-idle.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { HomeLink, NotFoundRoute } from "./not-found.route.tsx";
import { useDeepLinkCartId, useDeepLinkParams, useIsDeepLinkCart, withDeepLink } from "./deep-links.tsx";
import { withQueueToken } from "./payment-queue.ts";
import { CookieConsentDialog, useCookieConsent } from "./cookie-consent.tsx";
import { ShopHero } from "./shop-hero.tsx";
import { ShopRouteGuards } from "./route-guards.tsx";
import { BottomNav, ContinueGuardProvider, StepProgress, UpgradeChoiceProvider } from "./shop-flow.tsx";
import { themeQuery } from "../theme/theme.queries.ts";
import { useShopTranslations } from "../i18n/locale-provider.tsx";
import { useUpgradeIds } from "../shop/upgrade-link.ts";
import { isTagged } from "../common/is-tagged.ts";
import { useHydrated } from "../common/use-hydrated.ts";

// The frame's effects that act once the page is live (the way back from the waiting room, the 8001 and 4000 notices):
// their code is no part of the first load.
const ShopLiveEffects = lazy(() => import("./shop-effects.tsx").then((m) => ({ default: m.ShopLiveEffects })));

/** ShopLiveEffects after hydration, in a Suspense boundary of its own. */
function ShopLiveEffectsOnceHydrated() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <ShopLiveEffects />
    </Suspense>
  ) : null;
}

// What a failed shop load means (the §8 table) loads only when it fails.
const ShopFailure = lazy(() => import("./shop-failure.tsx").then((m) => ({ default: m.ShopFailure })));

// The countdown's code loads once the visitor has a cart, the save-time layer's in shops that enable it (the
// first-load budget); a page rendered with either loads it before hydrating (lazyPart).
const CountdownBar = lazyPart("ui/shell/countdown-bar.tsx", () => import("./countdown-bar.tsx"), "CountdownBar");
const SaveTimeLayer = lazyPart("ui/shell/save-time.tsx", () => import("./save-time.tsx"), "SaveTimeLayer");

/** The countdown bar (spec §4 Countdown) while the cart holds products: it has nothing to count down otherwise. */
function CartCountdown() {
  const cart = useCart();
  return cart.data && Object.keys(cart.data.products).length > 0 ? <CountdownBar /> : null;
}

/**
 * Layout of every /{slug} route (spec §2 Header, Other layers, §3 Shop config): loads the shop, applies brand, deep
 * link and queue token (spec §7), guards the route and frames the screen.
 */
export function ShopLayoutRoute() {
  const { slug = "" } = useParams();
  // An upgrade e-mail link's ids load the shop in upgrade mode (spec §1, §6); a refused link shows 4002 / 4003.
  const upgradeIds = useUpgradeIds();
  const shop = useQuery(shopQuery(useAsyncUseCase((m) => m.LoadShop), slug, upgradeIds));
  const intl = useIntl();
  const consent = useCookieConsent();
  const consentPending = consent.asked && consent.consent === null;
  // The tag manager loads only after the visitor accepted analytics cookies (spec §2 Other layers, §7 Analytics).
  useShopAnalyticsStart(consent.consent === "all" ? shop.data?.config : undefined);
  const deepLink = useDeepLinkParams(slug);
  const isDeepLinkCart = useIsDeepLinkCart();
  const linkedCartId = useDeepLinkCartId();
  const { search } = useLocation();
  const current = useMemo(
    () =>
      shop.data
        ? { slug, config: shop.data.config, context: withQueueToken(withDeepLink(shop.data.context, deepLink), shop.data.config, search), deepLinkCartId: linkedCartId }
        : null,
    [slug, shop.data, deepLink, search, linkedCartId],
  );
  useShopTranslations(shop.data?.config.customTranslations);
  // The countdown's code is fetched when the browser is idle, so it shows as soon as the first ticket is in the cart.
  useEffect(() => prefetchWhenIdle(CountdownBar.preload), []);
  // The theme's colours come with a server-rendered page's state; elsewhere their code loads first (ui/theme/theme.queries.ts).
  const primaryColor = shop.data?.config.shopTheme.primaryColor;
  const theme = useQuery({ ...themeQuery(primaryColor ?? ""), enabled: primaryColor !== undefined });
  const themeStyle = (theme.data ?? null) as React.CSSProperties | null;
  useErrorDialogTheme(themeStyle);
  useErrorDialogQueue(shop.data?.config.queueUrl);
  if (isTagged<ShopNotFoundError>(shop.error, "ShopNotFoundError")) return <NotFoundRoute />;
  // Without a shop config there is no shop frame: the site's header (name, language) and a link home (spec §2 Error
  // page), around what the failure means: a refused upgrade link's 4002 / 4003, else 1000.
  if (shop.isError) {
    return (
      <>
        <SiteHeader />
        <main id="main" className="page">
          <Suspense fallback={<div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />}>
            <ShopFailure failure={shop.error} />
          </Suspense>
          <HomeLink />
        </main>
      </>
    );
  }
  // Until the theme's colours are known the frame waits with the spinner rather than paint in the default colours.
  if (!current || !themeStyle) return <div className="spinner page" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  return (
    <ShopProvider shop={current}>
      <div className="shop" style={themeStyle} data-deep-link-cart={isDeepLinkCart || undefined}>
        <UpgradeChoiceProvider>
          <ContinueGuardProvider>
            <ShopRouteGuards />
            <ShopLiveEffectsOnceHydrated />
            <ShopHero />
            <ShopHeader />
            <StepProgress />
            <main id="main">
              {/* A Suspense boundary of its own: React hydrates the screen apart from the frame around it, so each has its
                  own commit and effects, not one long task for the whole page on a slow phone. */}
              <Suspense fallback={<div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />}>
                <Outlet />
              </Suspense>
            </main>
            {/* One layer at the bottom at a time: the cookie question first, then the save-time modal. */}
            {consentPending || !current.config.showSaveTimeModal ? null : <SaveTimeLayer />}
            <BottomNav />
            <CartCountdown />
            <CookieConsentDialog open={consentPending} brandColor={current.config.shopTheme.primaryColor} onChoose={consent.choose} />
          </ContinueGuardProvider>
        </UpgradeChoiceProvider>
      </div>
    </ShopProvider>
  );
}

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { BrowserRouter, type NavigateOptions, Outlet, type RouteObject, useHref, useNavigate, useRoutes } from "react-router-dom";
import type { DependencyContainer } from "tsyringe";
import { ErrorDialogProvider } from "./shell/error-dialog.tsx";
import { useAccountRefusalActions } from "./shell/account-refusals.tsx";
import { IdentityTokenEffects, useForgetRefusedToken } from "./shell/identity-token-effects.tsx";
import { ToastProvider } from "./shell/toasts.tsx";
import { ScrollToTop } from "./shell/scroll-to-top.tsx";
import { RouteFocus } from "./shell/route-focus.tsx";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { NotFoundContent, NotFoundRoute } from "./shell/not-found.route.tsx";
import { RouteErrorBoundary } from "./shell/route-error.tsx";
import { lazyScreen } from "./shell/lazy-screen.tsx";
import { SiteEffects } from "./shell/site-effects.tsx";
import { DeepLinkEffects } from "./shell/deep-links.tsx";
import { LoadingBar } from "./shell/loading-bar.tsx";
import { UseCasesProvider } from "./use-cases.tsx";
import type { CustomTranslations } from "./i18n/messages.ts";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Root of the routed app: react-aria links navigate through react-router, errors and decisions share one dialog, toasts one region; a skip link, the per-route document title and focus on the new page's heading (RouteFocus), and the page scrolls to the top on route change. */
function Root() {
  const navigate = useNavigate();
  const refusalActions = useAccountRefusalActions();
  const forgetRefusedToken = useForgetRefusedToken();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <ErrorDialogProvider actions={refusalActions} onFailure={forgetRefusedToken}>
        <IdentityTokenEffects onFailure={forgetRefusedToken} />
        <ToastProvider>
          <RouteFocus />
          <ScrollToTop />
          <SiteEffects />
          <DeepLinkEffects />
          <LoadingBar />
          {/* A screen's error shows the error page inside the frame; a screen whose module is still loading on the
              first render (the plain app page; a server-rendered page has it loaded) shows the spinner. */}
          <RouteErrorBoundary>
            <Suspense fallback={<div className="spinner" role="progressbar" aria-label="Loading" />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </ToastProvider>
      </ErrorDialogProvider>
    </AriaRouterProvider>
  );
}

/** A lazily loaded route module (ui/shell/lazy-screen.tsx): imported when the route is entered, `name` is its component, the third argument the message areas it shows beside the app's (ui/i18n/message-areas.tsx). */
const screen = lazyScreen;

/**
 * The route table of spec §2 "Routes" in history mode, each screen its own chunk loaded when entered; detail and
 * variant routes sit beside their lists, anything else is the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: "/", ...screen(() => import("./events/event-chooser.route.tsx"), "EventChooserRoute") },
      { path: "/login", ...screen(() => import("./account/login.route.tsx"), "LoginRoute") },
      { path: "/my-festival", ...screen(() => import("./account/my-festival.route.tsx"), "MyFestivalRoute") },
      {
        path: "/:slug",
        ...screen(() => import("./shell/shop-layout.route.tsx"), "ShopLayoutRoute"),
        children: [
          { index: true, ...screen(() => import("./overview/shop-overview.route.tsx"), "ShopOverviewRoute") },
          { path: "tickets", ...screen(() => import("./tickets/tickets.route.tsx"), "TicketsRoute", ["items"]) },
          { path: "tickets/:id", ...screen(() => import("./tickets/ticket-detail.route.tsx"), "TicketDetailRoute", ["items"]) },
          { path: "packages", ...screen(() => import("./packages/packages.route.tsx"), "PackagesRoute", ["items"]) },
          { path: "membership", ...screen(() => import("./membership/membership.route.tsx"), "MembershipRoute", ["items"]) },
          { path: "travel", ...screen(() => import("./travel/travel.route.tsx"), "TravelRoute", ["travel"]) },
          { path: "travel/:detail", ...screen(() => import("./travel/travel-detail.route.tsx"), "TravelDetailRoute", ["travel"]) },
          { path: "traveladdon", ...screen(() => import("./travel/travel-addon.route.tsx"), "TravelAddonRoute", ["traveladdon"]) },
          { path: "traveladdon/:detail", ...screen(() => import("./travel/travel-addon-detail.route.tsx"), "TravelAddonDetailRoute", ["travel", "traveladdon"]) },
          { path: "transportation", ...screen(() => import("./transportation/transportation.route.tsx"), "TransportationRoute", ["items", "transport"]) },
          { path: "transportation/:variant", ...screen(() => import("./transportation/transportation.route.tsx"), "TransportationRoute", ["items", "transport"]) },
          // The spec's other reading names the transport route "slug-transport" (/{slug}/transport): the same screen.
          { path: "transport", ...screen(() => import("./transportation/transportation.route.tsx"), "TransportationRoute", ["items", "transport"]) },
          { path: "transport/:variant", ...screen(() => import("./transportation/transportation.route.tsx"), "TransportationRoute", ["items", "transport"]) },
          { path: "comparetransport", ...screen(() => import("./transportation/compare-transport.route.tsx"), "CompareTransportRoute", ["items", "transport"]) },
          { path: "comparetransport/:variant", ...screen(() => import("./transportation/compare-transport.route.tsx"), "CompareTransportRoute", ["items", "transport"]) },
          { path: "merchandise", ...screen(() => import("./merchandise/merchandise.route.tsx"), "MerchandiseRoute", ["items"]) },
          { path: "extras", ...screen(() => import("./extras/extras.route.tsx"), "ExtrasRoute", ["items"]) },
          { path: "extras/:id", ...screen(() => import("./extras/extra-detail.route.tsx"), "ExtraDetailRoute", ["items"]) },
          { path: "upgrade", ...screen(() => import("./upgrade/upgrade.route.tsx"), "UpgradeRoute") },
          { path: "register", ...screen(() => import("./register/register.route.tsx"), "RegisterRoute", ["register"]) },
          { path: "checkout", ...screen(() => import("./checkout/checkout.route.tsx"), "CheckoutRoute", ["checkout"]) },
          { path: "paymentstatus", ...screen(() => import("./checkout/payment-status.route.tsx"), "PaymentStatusRoute", ["paymentstatus"]) },
          // Inside the shop's frame, whose main landmark holds it.
          { path: "*", element: <NotFoundContent /> },
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];

/** The providers around the router: the use cases of a composed container, react-query and the locale, with the current shop's `customTranslations` when known before the first render (the browser's App and the server entry ui/entry-server.tsx share them). */
export function AppProviders({
  container,
  completeComposition,
  queryClient,
  customTranslations,
  children,
}: {
  container: DependencyContainer;
  completeComposition?: (() => Promise<void>) | undefined;
  queryClient: QueryClient;
  customTranslations?: CustomTranslations | undefined;
  children: React.ReactNode;
}) {
  return (
    <UseCasesProvider container={container} completeComposition={completeComposition}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider customTranslations={customTranslations}>{children}</LocaleProvider>
      </QueryClientProvider>
    </UseCasesProvider>
  );
}

/** The route table rendered for the current location (react-router's declarative routes); an error outside a screen shows the error page instead of the app. */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}

/** The whole web app on a composed container: react-query, the locale, and the history-mode router over the route table (`customTranslations`: as AppProviders). ui/main.tsx renders it, or hydrates the server's HTML with it after loading the current route's modules. */
export function App({
  container,
  completeComposition,
  queryClient = new QueryClient(),
  customTranslations,
}: {
  container: DependencyContainer;
  completeComposition?: (() => Promise<void>) | undefined;
  queryClient?: QueryClient;
  customTranslations?: CustomTranslations | undefined;
}) {
  return (
    <AppProviders container={container} completeComposition={completeComposition} queryClient={queryClient} customTranslations={customTranslations}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

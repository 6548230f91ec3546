import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { createBrowserRouter, type NavigateOptions, Outlet, type RouteObject, RouterProvider, useHref, useNavigate } from "react-router-dom";
import type { DependencyContainer } from "tsyringe";
import { ErrorDialogProvider } from "./components/error-dialog.tsx";
import { ScrollToTop } from "./components/scroll-to-top.tsx";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { NotFoundRoute } from "./routes/not-found.route.tsx";
import { SiteEffects } from "./site/site-effects.tsx";
import { UseCasesProvider } from "./use-cases.tsx";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Root of the routed app: react-aria links navigate through react-router, errors and decisions share one dialog, and the page scrolls to the top on route change. */
function Root() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <ErrorDialogProvider>
        <ScrollToTop />
        <SiteEffects />
        <Outlet />
      </ErrorDialogProvider>
    </AriaRouterProvider>
  );
}

/** The route table of spec §2 built so far: index, /{slug}, tickets, checkout, payment status, and the 404 page. Each screen is its own chunk, loaded when its route is entered, so a cheap phone downloads only what the page needs. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <div className="spinner" role="progressbar" aria-label="Loading" />,
    children: [
      { path: "/", lazy: () => import("./routes/event-chooser.route.tsx").then((m) => ({ Component: m.EventChooserRoute })) },
      {
        path: "/:slug",
        lazy: () => import("./routes/shop-layout.route.tsx").then((m) => ({ Component: m.ShopLayoutRoute })),
        children: [
          { index: true, lazy: () => import("./routes/shop-overview.route.tsx").then((m) => ({ Component: m.ShopOverviewRoute })) },
          { path: "tickets", lazy: () => import("./routes/tickets.route.tsx").then((m) => ({ Component: m.TicketsRoute })) },
          { path: "checkout", lazy: () => import("./routes/checkout.route.tsx").then((m) => ({ Component: m.CheckoutRoute })) },
          { path: "paymentstatus", lazy: () => import("./routes/payment-status.route.tsx").then((m) => ({ Component: m.PaymentStatusRoute })) },
          { path: "*", element: <NotFoundRoute /> },
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];

/** The whole web app on a composed container: react-query, the locale, and the history-mode router. */
export function App({ container, queryClient = new QueryClient() }: { container: DependencyContainer; queryClient?: QueryClient }) {
  const router = createBrowserRouter(routes);
  return (
    <UseCasesProvider container={container}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <RouterProvider router={router} />
        </LocaleProvider>
      </QueryClientProvider>
    </UseCasesProvider>
  );
}

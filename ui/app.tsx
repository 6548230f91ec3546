import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { createBrowserRouter, type NavigateOptions, Outlet, RouterProvider, useHref, useNavigate } from "react-router-dom";
import type { DependencyContainer } from "tsyringe";
import { ErrorDialogProvider } from "./components/error-dialog.tsx";
import { ScrollToTop } from "./components/scroll-to-top.tsx";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { CheckoutRoute } from "./routes/checkout.route.tsx";
import { EventChooserRoute } from "./routes/event-chooser.route.tsx";
import { NotFoundRoute } from "./routes/not-found.route.tsx";
import { PaymentStatusRoute } from "./routes/payment-status.route.tsx";
import { ShopLayoutRoute } from "./routes/shop-layout.route.tsx";
import { ShopOverviewRoute } from "./routes/shop-overview.route.tsx";
import { TicketsRoute } from "./routes/tickets.route.tsx";
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
        <Outlet />
      </ErrorDialogProvider>
    </AriaRouterProvider>
  );
}

/** The route table of spec §2 built so far: index, /{slug}, tickets, checkout, payment status, and the 404 page. */
export const routes = [
  {
    element: <Root />,
    children: [
      { path: "/", element: <EventChooserRoute /> },
      {
        path: "/:slug",
        element: <ShopLayoutRoute />,
        children: [
          { index: true, element: <ShopOverviewRoute /> },
          { path: "tickets", element: <TicketsRoute /> },
          { path: "checkout", element: <CheckoutRoute /> },
          { path: "paymentstatus", element: <PaymentStatusRoute /> },
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

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { createMemoryRouter, Outlet, RouterProvider, useHref, useLocation, useNavigate } from "react-router-dom";
import { container, type DependencyContainer } from "tsyringe";
import type { MailApi } from "../../application/ports/mail-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { ANALYTICS, CART_API, CART_ID_STORE, DEEP_LINK_STORE, ID_TOKEN_STORE, LOCALE_STORE, MAIL_API, ORDER_LOOKUP_API, SHOP_API, SINGLE_SIGN_ON } from "../../application/ports/tokens.ts";
import { LocaleProvider } from "../../ui/i18n/locale-provider.tsx";
import { AreaMessages, MESSAGE_AREAS, type MessageAreaName } from "../../ui/i18n/message-areas.tsx";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { ErrorDialogProvider } from "../../ui/shell/error-dialog.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { ShopProvider } from "../../ui/shop/shop-context.tsx";
import { UseCasesProvider } from "../../ui/use-cases.tsx";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryDeepLinkStore, InMemoryIdTokenStore, InMemorySingleSignOn, type RecordingAnalytics } from "../support/in-memory-platform.ts";
import { InMemoryCartApi, InMemoryCartIdStore, InMemoryLocaleStore, InMemoryShopApi } from "../support/in-memory-ports.ts";
import { InMemoryOrderLookupApi } from "../support/in-memory-vouchers-orders.ts";
import { aShopConfig } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

/** Shows the current path and query, so a test can read where the frame navigated. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** react-aria links navigate through the memory router, as in the app's Root. */
function AriaRoot() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <ErrorDialogProvider>
        <Outlet />
        <Where />
      </ErrorDialogProvider>
    </AriaRouterProvider>
  );
}

/** What a shell test may set: the config (default the demo shop), products and cart in the cache, the SSO fake (null = no single sign-on port), previous orders, further ports. */
export interface ShellSetup {
  readonly path: string;
  readonly config?: Partial<ShopConfig>;
  readonly context?: Partial<ShopContext>;
  readonly products?: ReadonlyArray<Product>;
  readonly cart?: Cart | null;
  readonly sso?: InMemorySingleSignOn | null;
  readonly orders?: InMemoryOrderLookupApi;
  readonly deepLinks?: InMemoryDeepLinkStore;
  readonly extra?: ReactNode;
  /** Registers further ports (or replaces the harness's own) in the test's container. */
  readonly register?: (di: DependencyContainer) => void;
  /** Mail port fake (none registered by default). */
  readonly mail?: MailApi;
  /** Analytics fake (none registered by default: screens then track nothing). */
  readonly analytics?: RecordingAnalytics;
}

/** Renders `ui` inside the shop frame's providers at `path` (routes / , /login and /:slug/*), with every message area's texts (as each screen's route gives it its own, ui/app.tsx). */
export const renderInShop = (ui: ReactNode, setup: ShellSetup) => {
  const di = container.createChildContainer();
  const config = { ...aShopConfig(), ...setup.config } as ShopConfig;
  di.register(CART_ID_STORE, { useValue: new InMemoryCartIdStore() });
  di.register(CART_API, { useValue: new InMemoryCartApi([...(setup.products ?? [])]) });
  di.register(SHOP_API, { useValue: new InMemoryShopApi([], {}, { [SHOP.slug]: [...(setup.products ?? [])] }) });
  di.register(LOCALE_STORE, { useValue: new InMemoryLocaleStore() });
  di.register(DEEP_LINK_STORE, { useValue: setup.deepLinks ?? new InMemoryDeepLinkStore() });
  di.register(ID_TOKEN_STORE, { useValue: new InMemoryIdTokenStore() });
  if (setup.mail) di.register(MAIL_API, { useValue: setup.mail });
  if (setup.analytics) di.register(ANALYTICS, { useValue: setup.analytics });
  if (setup.sso) di.register(SINGLE_SIGN_ON, { useValue: setup.sso });
  di.register(ORDER_LOOKUP_API, { useValue: setup.orders ?? new InMemoryOrderLookupApi([]) });
  setup.register?.(di);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  queryClient.setQueryData(shopKeys.products(SHOP.slug), setup.products ?? []);
  queryClient.setQueryData(shopKeys.cart(SHOP.slug), setup.cart ?? null);
  const shop = { slug: SHOP.slug, config, context: { ...SHOP, ...setup.context } };
  const router = createMemoryRouter(
    [
      {
        element: <AriaRoot />,
        children: [
          { path: "/", element: <p>chooser</p> },
          { path: "/login", element: <p>login page</p> },
          {
            path: "/:slug/*",
            element: (
              <ShopProvider shop={shop}>
                <AreaMessages areas={Object.keys(MESSAGE_AREAS) as MessageAreaName[]}>
                  {ui}
                  {setup.extra}
                </AreaMessages>
              </ShopProvider>
            ),
          },
        ],
      },
    ],
    { initialEntries: [setup.path] },
  );
  const view = renderWithIntl(
    <UseCasesProvider container={di}>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <RouterProvider router={router} />
        </LocaleProvider>
      </QueryClientProvider>
    </UseCasesProvider>,
  );
  return { ...view, router, queryClient };
};

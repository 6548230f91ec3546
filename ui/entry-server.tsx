// Server entry of the web app: built by `vite build --ssr` into dist/.ssr/ and loaded by the server
// (server/http/page-rendering.ts), which puts the HTML it renders into index.html for the first paint; ui/main.tsx then hydrates it.
import "./polyfills.ts";
import { dehydrate, type DehydratedState, QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createIntl } from "react-intl";
import { StaticRouter } from "react-router-dom";
import { type CompositionSettings, composeServerContainer } from "../adapters/composition-root.ts";
import { ChooseLocale } from "../application/use-cases/choose-locale.use-case.ts";
import type { LoadedShop } from "../application/use-cases/load-shop.use-case.ts";
import { deepLinkCartId, readDeepLinkParams } from "../domain/deep-links.ts";
import { parseShopPath } from "../domain/shop-flow.ts";
import { isSitePage } from "../domain/site-pages.ts";
import { AppProviders, AppRoutes } from "./app.tsx";
import * as AsyncUseCases from "./async-use-cases.ts";
import { RenderedParts } from "./common/part-preloads.ts";
import { messagesFor } from "./i18n/messages.ts";
import { withDeepLink } from "./shell/deep-links.tsx";
import { routeTitle } from "./shell/route-focus.tsx";
import { cachedShopTranslations, cartQuery, productsQuery, shopKeys, shopQuery, shopsQuery } from "./shop/shop.queries.ts";
import { themeQuery } from "./theme/theme.queries.ts";
import { travelCartQuery } from "./shop/travel-cart.queries.ts";
import { upgradeIdsOf } from "./shop/upgrade-link.ts";
import { type AsyncUseCaseToken, asyncUseCaseOf } from "./use-cases.tsx";

/** What the server passes to render a page: the request's URL path and query, the Shop API address and the fetch to reach it with (default the global fetch), its Cookie header and Accept-Language's languages (best first). */
export interface ServerRenderRequest {
  readonly url: string;
  readonly apiBaseUrl: string;
  /** The fetch of the Shop API reads: the server's in-process one (server/http/in-process-fetch.ts), so they need no loopback connection. */
  readonly fetch?: CompositionSettings["fetch"];
  readonly cookie: string;
  readonly languages: ReadonlyArray<string>;
  /** True when the page was asked for over https: the cookies it sets are Secure. */
  readonly https?: boolean;
  /** Aborts the rendering (the server's time limit). */
  readonly signal?: AbortSignal;
}

/**
 * The state the browser hydrates with (read by ui/main.tsx from `<script type="application/json" id="ssr-state">`):
 * react-query's dehydrated cache and the keys of the lazy parts the page shows (ui/common/lazy-part.tsx), loaded before hydrating.
 */
export interface ServerRenderState {
  readonly queries: DehydratedState;
  readonly parts: ReadonlyArray<string>;
}

/**
 * A rendered page: the HTML in `#root`, `<html lang>` and `<title>`, the state to hydrate with, the lazy parts shown
 * (as preloads) and the cookies its reads wrote.
 */
export interface ServerRenderedPage {
  readonly html: string;
  readonly lang: string;
  readonly title: string;
  readonly state: ServerRenderState;
  readonly parts: ReadonlyArray<string>;
  readonly setCookies: ReadonlyArray<string>;
}

/** The name of the cookie a Set-Cookie header value sets (the text before its first "="). */
const cookieNameOf = (setCookie: string): string => setCookie.slice(0, Math.max(0, setCookie.indexOf("="))).trim();

/** Reads the pre-rendered stream to one string. */
const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let html = "";
  for await (const chunk of stream) html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array);
  return html;
};

/**
 * Renders the page at `request.url` with its first screen's data fetched through the browser's own adapters and queries
 * (spec §7), so the dehydrated cache is what the browser would fetch; null when not for rendering.
 */
export async function render(request: ServerRenderRequest): Promise<ServerRenderedPage | null> {
  const url = new URL(request.url, "http://localhost");
  // The cookies the page's reads write, by name (the last write wins, as it would in the browser).
  const cookieWrites = new Map<string, string>();
  const container = composeServerContainer(
    { apiBaseUrl: request.apiBaseUrl, ...(request.fetch ? { fetch: request.fetch } : {}) },
    { cookie: request.cookie, languages: request.languages, https: request.https === true, onCookieWrite: (setCookie) => void cookieWrites.set(cookieNameOf(setCookie), setCookie) },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The server has every use case at hand: the first screen's reads run through the browser's query definitions.
  const serverUseCase = <T extends { execute: (...args: never[]) => unknown }>(useCase: AsyncUseCaseToken<T>) => asyncUseCaseOf(container, () => Promise.resolve(AsyncUseCases), useCase, { ownTask: false });
  const { slug } = parseShopPath(url.pathname);
  let shopTitle: string | null = null;
  if (slug === null) {
    await queryClient.prefetchQuery(shopsQuery(serverUseCase((m) => m.ListShops)));
  } else if (!isSitePage(slug)) {
    // A page of an upgrade e-mail link loads its shop in upgrade mode, as the browser does (useUpgradeIds): the shop's
    // context then carries the upgrade ids, so GET /products answers the order's upgrade products too.
    const upgrade = upgradeIdsOf(url.pathname, url.search);
    await queryClient.prefetchQuery(shopQuery(serverUseCase((m) => m.LoadShop), slug, upgrade));
    const shop = queryClient.getQueryData<LoadedShop>(shopKeys.shop(slug, upgrade?.orderId));
    if (!shop) return null;
    shopTitle = shop.config.titleFull;
    // The products, the visitor's cart (its id is in a cookie, or the page's deep link names it with its token; none:
    // null) and its hotel booking at once, so the page renders with them and the browser need not render it again
    // when it would have fetched them.
    // The cart and its hotel booking are read from the same cart (application currentCartId): the one the page's deep
    // link names, with the link's cart token, else the one the cookie names.
    const cartContext = withDeepLink(shop.context, readDeepLinkParams(url.search));
    const linkedCartId = deepLinkCartId(url.search, parseShopPath(url.pathname).step ?? "");
    await Promise.all([
      queryClient.prefetchQuery(productsQuery(serverUseCase((m) => m.LoadProducts), slug, shop.context)),
      queryClient.prefetchQuery(cartQuery(serverUseCase((m) => m.GetCurrentCart), slug, cartContext, linkedCartId)),
      queryClient.prefetchQuery(travelCartQuery(serverUseCase((m) => m.GetTravelCart), slug, cartContext, shop.config.apiTravelId, linkedCartId)),
      queryClient.prefetchQuery(themeQuery(shop.config.shopTheme.primaryColor)),
    ]);
  }
  // A first-screen call that failed is left to the browser to make again (it is not in the dehydrated state), so the
  // server renders that part loading, as the browser's first render does, instead of an error the browser would not show.
  queryClient.removeQueries({ predicate: (query) => query.state.status === "error" });
  const errors: unknown[] = [];
  const parts = new Set<string>();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders container={container} queryClient={queryClient} customTranslations={cachedShopTranslations(queryClient, url.pathname, url.search)}>
        <RenderedParts value={parts}>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes />
          </StaticRouter>
        </RenderedParts>
      </AppProviders>
    </StrictMode>,
    { ...(request.signal ? { signal: request.signal } : {}), onError: (error: unknown) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await readAll(prelude);
  // A part that failed on the server would be rendered again in the browser (a hydration error): send the plain page instead.
  if (errors.length > 0) throw new AggregateError(errors, "server rendering failed in a Suspense boundary");
  const locale = container.resolve(ChooseLocale).execute();
  const intl = createIntl({ locale, messages: messagesFor(locale), defaultLocale: "en" });
  return {
    html,
    lang: locale,
    title: routeTitle(url.pathname, shopTitle, false, intl),
    state: { queries: dehydrate(queryClient), parts: [...parts] },
    parts: [...parts],
    setCookies: [...cookieWrites.values()],
  };
}

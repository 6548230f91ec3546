import "./polyfills.ts";
import { type DehydratedState, hydrate, QueryClient } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes } from "react-router-dom";
import { ChooseLocale } from "../application/use-cases/choose-locale.use-case.ts";
import { composeDeferredBrowserContainer } from "../adapters/browser-composition.ts";
import { App, routes } from "./app.tsx";
import { preloadParts } from "./common/part-preloads.ts";
import { loadMessages } from "./i18n/load-messages.ts";
import { isChunkLoadError, reloadAfterChunkFailure } from "./shell/chunk-reload.ts";
import { replayEarlyInput } from "./shell/early-input.ts";
import type { ScreenHandle } from "./shell/lazy-screen.tsx";
import { yieldToMain } from "./shell/yield-to-main.ts";
import { cachedShopTranslations } from "./shop/shop.queries.ts";
import "./styles.css";

// The Shop API host is configuration: VITE_SHOP_API_BASE_URL at build time ("" = this page's own origin). README.
// The Travel API is its own host: VITE_TRAVEL_API_BASE_URL, default /travel-api on this page's origin (docs/travel-api.md).
const apiBaseUrl = import.meta.env.VITE_SHOP_API_BASE_URL ?? "";
// The device adapters now; the HTTP adapters, effect's runtime and the use cases that run Effects load after the first
// render, on the first call, out of every first load (ui/use-cases.tsx).
const { container, completeComposition } = composeDeferredBrowserContainer({ apiBaseUrl, travelApiBaseUrl: import.meta.env.VITE_TRAVEL_API_BASE_URL ?? `${apiBaseUrl}/travel-api` });

/** The state the server rendered the page with (ui/entry-server.tsx ServerRenderState), or null for the plain app page. */
const serverState = (): { queries: DehydratedState; parts?: ReadonlyArray<string> } | null => {
  const script = document.getElementById("ssr-state");
  return script?.textContent ? JSON.parse(script.textContent) : null;
};

/**
 * Starts the app: hydrates a server-rendered page with its data and route modules loaded first (docs/performance.md),
 * else renders the plain index.html from scratch.
 */
const start = async () => {
  const root = document.getElementById("root")!;
  const state = serverState();
  // The visitor's language (the one LocaleProvider will choose) is loaded before the first render, so the first
  // render neither suspends nor differs from the server's HTML; a failed load is left to LocaleProvider to retry.
  const messages = loadMessages(container.resolve(ChooseLocale).execute()).catch(() => undefined);
  if (!state || !root.firstElementChild) {
    await messages;
    createRoot(root).render(
      <StrictMode>
        <App container={container} completeComposition={completeComposition} />
      </StrictMode>,
    );
    setTimeout(replayEarlyInput, 0);
    return;
  }
  const queryClient = new QueryClient();
  hydrate(queryClient, state.queries);
  // The entry's own evaluation is one task already; matching the URL and loading the route modules come after it.
  await yieldToMain();
  // The route modules were fetched with the page (ui/boot.ts names them as modulepreloads), so loading one here is
  // mostly the evaluation of its chunks: one route module per task (evaluated together with the entry's start they
  // were one long task on the checkout). Loaded before hydrating, the screens render at once and match
  // the server's HTML.
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    const handle = route.handle as ScreenHandle | undefined;
    if (!handle) continue;
    await yieldToMain();
    await handle.preload();
  }
  // The lazy parts the server rendered (the countdown of a cart, the payment panel of an order: ui/common/lazy-part.tsx)
  // likewise, defined by the route modules just loaded: hydrated with the rest instead of staying inert until their code arrives.
  if (state.parts?.length) {
    await yieldToMain();
    await preloadParts(state.parts);
  }
  await messages;
  await yieldToMain();
  // Hydrating in a transition makes React hydrate in slices that yield to the browser (a transition lane is
  // time-sliced; the default hydration lane renders the whole page in one task, over a second of blocking time on a
  // slow phone). A visitor's click on a not yet hydrated part hydrates that part first.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App container={container} completeComposition={completeComposition} queryClient={queryClient} customTranslations={cachedShopTranslations(queryClient, window.location.pathname, window.location.search)} />
      </StrictMode>,
    );
  });
  // React listens from here on: the taps and submits held since the page painted (ui/boot.ts) go to it now; React
  // hydrates the tapped part first and then handles them.
  setTimeout(replayEarlyInput, 0);
};

// A route module that fails to load before hydration (a deploy replaced the build) reloads the page, at most once a
// minute (spec §8); the server's HTML stays on screen meanwhile.
start().catch((error: unknown) => {
  if (!(isChunkLoadError(error) && reloadAfterChunkFailure())) throw error;
});

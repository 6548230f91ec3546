import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement, useSyncExternalStore } from "react";

/** The route modules a render is waiting for (a route entered before its chunk arrived); prefetches are not counted. */
const awaited = new Set<Promise<void>>();
const listeners = new Set<() => void>();
// Told after the render that found the chunk missing, never during it (a store change while rendering is a React error).
const notify = () => queueMicrotask(() => listeners.forEach((listener) => listener()));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while a route's module is loading for a route being entered (the loading bar shows then: spec §2 Other layers, §4). */
export const useRouteModuleLoading = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => awaited.size > 0,
    () => false,
  );

/** How to load again each screen whose module failed to load (its React.lazy keeps the failure for good). */
const failedScreens = new Set<() => void>();

/** Lets every screen whose module failed to load try again on its next render (RouteErrorBoundary calls it when the visitor leaves the error page for another route). */
export const retryFailedScreens = (): void => {
  for (const reset of failedScreens) reset();
  failedScreens.clear();
};

/** What a lazy screen's route carries (`handle`): `preload` fetches and evaluates its module (ui/main.tsx calls it before hydrating). */
export interface ScreenHandle {
  readonly preload: () => Promise<void>;
}

/**
 * A lazily loaded route screen of the route table (ui/app.tsx): `load` imports the route module when the route is first
 * rendered (or preloaded) and `name` is its component, so each screen is its own chunk. Spread into a route object:
 * `{ path: "tickets", ...lazyScreen(() => import("./tickets/tickets.route.tsx"), "TicketsRoute") }`. Until the module
 * is there the screen suspends (the router's navigation is a transition: the previous screen stays meanwhile); a failed
 * load throws to the route's error boundary (ui/shell/route-error.tsx reloads after a chunk failure) and is tried again
 * once the visitor went to another route (retryFailedScreens).
 */
export const lazyScreen = (load: () => Promise<Record<string, unknown>>, name: string): { readonly element: ReactElement; readonly handle: ScreenHandle } => {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  // React.lazy over the pending load: it throws a failed load to the route's error boundary on every render, until
  // retryFailedScreens() lets the screen load again.
  let Pending: LazyExoticComponent<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
      },
      (error: unknown) => {
        failedScreens.add(() => {
          pending = undefined;
          Pending = undefined;
        });
        throw error;
      },
    ));
  function LazyScreen() {
    if (Loaded) return <Loaded />;
    const loading = preload();
    if (!awaited.has(loading)) {
      awaited.add(loading);
      notify();
      void loading
        .catch(() => undefined)
        .finally(() => {
          awaited.delete(loading);
          notify();
        });
    }
    Pending ??= lazy(() => loading.then(() => ({ default: Loaded as ComponentType })));
    return <Pending />;
  }
  LazyScreen.displayName = `LazyScreen(${name})`;
  return { element: <LazyScreen />, handle: { preload } };
};

import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement, useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { toSupportedLocale } from "../../domain/locale.ts";
import { AreaMessages, MESSAGE_AREAS, type MessageAreaName } from "../i18n/message-areas.tsx";

/** The route modules (and their message areas) a render is waiting for (a route entered before its chunk arrived); prefetches are not counted. */
const awaited = new Set<Promise<unknown>>();
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

/** Counts `loading` as awaited by a render (the loading bar shows) until it settles. */
const track = (loading: Promise<unknown>): void => {
  if (awaited.has(loading)) return;
  awaited.add(loading);
  notify();
  void loading
    .catch(() => undefined)
    .finally(() => {
      awaited.delete(loading);
      notify();
    });
};

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
 * A lazily loaded route screen: `load` imports the route module when first rendered, `name` is its component; it
 * suspends until loaded and a failed load reaches the route's error boundary.
 */
export const lazyScreen = (
  load: () => Promise<Record<string, unknown>>,
  name: string,
  messages: ReadonlyArray<MessageAreaName> = [],
): { readonly element: ReactElement; readonly handle: ScreenHandle } => {
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
  function Screen() {
    if (Loaded) return <Loaded />;
    const loading = preload();
    track(loading);
    Pending ??= lazy(() => loading.then(() => ({ default: Loaded as ComponentType })));
    return <Pending />;
  }
  // A screen with message areas: the module's load starts here, before AreaMessages suspends on the texts.
  function LazyScreen() {
    const locale = toSupportedLocale(useIntl().locale) ?? "en";
    if (!Loaded) void preload().catch(() => undefined);
    for (const area of messages) if (!MESSAGE_AREAS[area].loaded(locale)) track(MESSAGE_AREAS[area].load(locale));
    return (
      <AreaMessages areas={messages}>
        <Screen />
      </AreaMessages>
    );
  }
  Screen.displayName = LazyScreen.displayName = `LazyScreen(${name})`;
  return { element: messages.length ? <LazyScreen /> : <Screen />, handle: { preload } };
};

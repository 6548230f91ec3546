import { type ComponentType, type JSX, lazy, Suspense, useContext, useState } from "react";
import { AreaMessages, type MessageAreaName } from "../i18n/message-areas.tsx";
import { definePartLoad, RenderedParts } from "./part-preloads.ts";

/** The props of a component type (never for anything else). */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A part of a screen whose code loads only when it is shown (issue 12 first-load budget): the countdown once there is a
 * cart, the payment panel once there is an order. `key` is the path of the module `load` imports, from the project root
 * ("ui/shell/countdown-bar.tsx", the build manifest's key: tests/ui/lazy-part.test.tsx holds each key to its import),
 * `name` its component, whose props the part takes. The part renders inside a Suspense boundary of its own (nothing meanwhile), also on the server,
 * which waits for it and records its key (RenderedParts), so the browser loads a server-rendered part before hydrating
 * (preloadParts) and takes the server's HTML over at once; `preload()` fetches its code ahead (prefetchWhenIdle). A
 * failed load throws to the route's error boundary (a chunk failure reloads the page, ui/shell/route-error.tsx) and is
 * tried again when the part next mounts. For parts whose code is small next to the page's: a heavy overlay that can
 * wait (the cookie question's dialog, ~38 KiB) stays a React.lazy that loads after hydration. `messages`: the message
 * areas the part shows beyond its screen's (ui/i18n/message-areas.tsx), loaded when it shows (AreaMessages around it).
 */
export function lazyPart<M extends object, N extends keyof M & string>(
  key: string,
  load: () => Promise<M>,
  name: N,
  messages: ReadonlyArray<MessageAreaName> = [],
): ((props: PropsOf<M[N]>) => JSX.Element) & { readonly preload: () => Promise<unknown> } {
  type P = PropsOf<M[N]>;
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (module) => (Loaded = module[name] as unknown as ComponentType<P>),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  definePartLoad(key, start);
  // React.lazy's load as a thenable that answers at once when the module is there, so a part loaded before hydrating
  // renders without suspending and takes the server's HTML over as it is.
  const module = () =>
    ({
      then: (resolve: (module: { default: ComponentType<P> }) => void, reject: (error: unknown) => void) => {
        if (Loaded) resolve({ default: Loaded });
        else start().then((part) => resolve({ default: part }), reject);
      },
    }) as unknown as Promise<{ default: ComponentType<P> }>;
  function LazyPart(props: P) {
    useContext(RenderedParts)?.add(key);
    // One React.lazy per mount: a failed load stays failed for the part on screen (the error boundary shows it, no
    // load per render), and the part's next mount loads again.
    const [Part] = useState(() => lazy(module));
    const part = <Part {...(props as P & JSX.IntrinsicAttributes)} />;
    return <Suspense fallback={null}>{messages.length ? <AreaMessages areas={messages}>{part}</AreaMessages> : part}</Suspense>;
  }
  LazyPart.displayName = `LazyPart(${name})`;
  return Object.assign(LazyPart, { preload: start });
}

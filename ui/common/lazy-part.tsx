import { type ComponentType, type JSX, lazy, memo, type RefObject, Suspense, useContext, useEffect, useRef, useState } from "react";
import { releaseDeferredPart } from "../shell/early-input.ts";
import { AreaMessages, type MessageAreaName } from "../i18n/message-areas.tsx";
import { definePartLoad, RenderedParts } from "./part-preloads.ts";

/** The props of a component type (never for anything else). */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A part of a screen whose code loads only when it is shown: the countdown once there is a
 * cart, the payment panel once there is an order. `key` is the path of the module `load` imports, from the project root
 * ("ui/shell/countdown-bar.tsx", the build manifest's key: tests/ui/lazy-part.test.tsx holds each key to its import),
 * `name` its component, whose props the part takes. The part renders inside a Suspense boundary of its own (nothing meanwhile), also on the server,
 * which waits for it and records its key (RenderedParts), so the browser loads a server-rendered part before hydrating
 * (preloadParts) and takes the server's HTML over at once; `preload()` fetches its code ahead (prefetchWhenIdle). A
 * failed load throws to the route's error boundary (a chunk failure reloads the page, ui/shell/route-error.tsx) and is
 * tried again when the part next mounts. For parts whose code is small next to the page's: a heavy overlay that can
 * wait (the cookie question's dialog, ~38 KiB) stays a React.lazy that loads after hydration. `messages`: the message
 * areas the part shows beyond its screen's (ui/i18n/message-areas.tsx), loaded when it shows (AreaMessages around it).
 * `deferHydration`: for a part every visitor sees but needs only once the rest of the page works (a form below the
 * fold): a server-rendered page does not load it (nor its message areas) before hydrating; its HTML stays as the server
 * sent it while its code and texts load after, and React hydrates it then (selective hydration). Taps, submits and
 * typing in it meanwhile are held and replayed once it is live (ui/shell/early-input.ts: its wrapper carries
 * `data-deferred-part`).
 */
export function lazyPart<M extends object, N extends keyof M & string>(
  key: string,
  load: () => Promise<M>,
  name: N,
  messages: ReadonlyArray<MessageAreaName> = [],
  { deferHydration = false }: { readonly deferHydration?: boolean } = {},
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
    const rendered = useContext(RenderedParts);
    if (!deferHydration) rendered?.add(key);
    // One React.lazy per mount: a failed load stays failed for the part on screen (the error boundary shows it, no
    // load per render), and the part's next mount loads again.
    const [Part] = useState(() => lazy(module));
    const wrapper = useRef<HTMLDivElement>(null);
    const part = <Part {...(props as P & JSX.IntrinsicAttributes)} />;
    const shown = messages.length ? <AreaMessages areas={messages}>{part}</AreaMessages> : part;
    // A deferred part fetches its code as soon as the page is live, beside its texts (AreaMessages asks for those first).
    useEffect(() => {
      if (deferHydration) start().catch(() => undefined); // a failure shows when the part renders (its error boundary)
    }, []);
    if (!deferHydration) return <Suspense fallback={null}>{shown}</Suspense>;
    // Nothing in it is named to the page's preloads (RenderedParts null): its texts and nested parts load with it.
    return (
      <div data-deferred-part={key} style={{ display: "contents" }} ref={wrapper}>
        <RenderedParts.Provider value={null}>
          <Suspense fallback={null}>
            {shown}
            <OnceLive wrapper={wrapper} />
          </Suspense>
        </RenderedParts.Provider>
      </div>
    );
  }
  LazyPart.displayName = `LazyPart(${name})`;
  // A deferred part re-renders only when its props change: React client-renders a boundary it has not hydrated yet
  // that gets an update (its server HTML gone for the fallback until the code is there), so the screen's own updates
  // (a cart change) must not reach it.
  return Object.assign(deferHydration ? (memo(LazyPart) as unknown as typeof LazyPart) : LazyPart, { preload: start });
}

/**
 * Renders nothing; once the deferred part around it is live (hydrated or rendered), replays what was held in it, in a
 * task of its own after React's commit (as ui/main.tsx replays the page's), so each replayed event is handled as a
 * visitor's would be.
 */
function OnceLive({ wrapper }: { wrapper: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const part = wrapper.current;
    if (!part) return;
    const id = setTimeout(() => releaseDeferredPart(part), 0);
    return () => clearTimeout(id);
  }, [wrapper]);
  return null;
}

import { type ComponentType, type JSX, lazy, memo, type RefObject, Suspense, useContext, useEffect, useRef, useState } from "react";
import { releaseDeferredPart } from "../shell/early-input.ts";
import { AreaMessages, type MessageAreaName } from "../i18n/message-areas.tsx";
import { definePartLoad, RenderedParts } from "./part-preloads.ts";

/** The props of a component type (never for anything else). */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A part of a screen whose code loads only when shown: `key` is its module's path (the build manifest key), `name` its
 * component; it suspends on its own and the server records it for preloading.
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

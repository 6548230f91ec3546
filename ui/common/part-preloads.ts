// The modules a server-rendered page names for the browser to load before it hydrates: lazy parts
// (lazy-part.tsx) and message areas (ui/i18n/message-areas.tsx), recorded while the server renders.
import { createContext } from "react";

/** Every module a server-rendered page may name for preloading (lazy parts, message areas), by build manifest key: how to load it. */
const parts = new Map<string, () => Promise<unknown>>();

/**
 * The keys of the lazy parts and message areas a server render shows, collected while it renders (ui/entry-server.tsx provides a Set per
 * request): the page names them, so the browser fetches their code with the page and loads it before it hydrates.
 */
export const RenderedParts = createContext<Set<string> | null>(null);

/** Names `load` as the way to load the module of build manifest key `key` (a lazy part's, a message area's table) before hydrating (preloadParts). */
export const definePartLoad = (key: string, load: () => Promise<unknown>): void => void parts.set(key, load);

/**
 * Loads the lazy parts a server-rendered page shows, in order, before hydrating (ui/main.tsx); unknown keys are
 * skipped. Rejects with the first failed load.
 */
export const preloadParts = async (keys: ReadonlyArray<string>): Promise<void> => {
  for (const key of keys) await parts.get(key)?.();
};

/**
 * Fetches a lazily loaded module when the browser is idle after the first paint (requestIdleCallback, at the latest
 * after 5 s; else after 2 s), so it is there when it is needed without competing with the page's own code, data and
 * images. A failed fetch is ignored: the module is fetched again where it is used. Returns the cancel
 * function, for a React effect's cleanup.
 */
export const prefetchWhenIdle = (load: () => Promise<unknown>): (() => void) => {
  const prefetch = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(prefetch, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(prefetch, 2000);
  return () => window.clearTimeout(id);
};

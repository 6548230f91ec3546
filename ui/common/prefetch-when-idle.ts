/**
 * Fetches a lazy module when the browser is idle after the first paint, so it is ready without competing with the page;
 * a failed fetch is ignored. Returns the cancel function.
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

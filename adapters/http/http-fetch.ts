/**
 * The fetch the HTTP adapters send with (the WHATWG shape): the browser's global fetch, or in server rendering one that
 * answers in-process.
 */
export type HttpFetch = (url: string, init: RequestInit) => Promise<Response>;

/** DI token of the HttpFetch the HTTP adapters use (adapters/composition-root.ts registers it). */
export const HTTP_FETCH = Symbol.for("HttpFetch");

/** The global fetch, looked up at each call (a test may replace it after an adapter was made). */
export const globalFetch: HttpFetch = (url, init) => fetch(url, init);

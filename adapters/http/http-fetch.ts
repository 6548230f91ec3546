/**
 * The fetch the HTTP adapters send with: `(url, init) => Promise<Response>`, the WHATWG fetch's shape. The browser's
 * container gives the global fetch; the server's rendering gives one that answers in-process, so a page's
 * first-screen reads cost no loopback connection and no share of the client rate limit.
 */
export type HttpFetch = (url: string, init: RequestInit) => Promise<Response>;

/** DI token of the HttpFetch the HTTP adapters use (adapters/composition-root.ts registers it). */
export const HTTP_FETCH = Symbol.for("HttpFetch");

/** The global fetch, looked up at each call (a test may replace it after an adapter was made). */
export const globalFetch: HttpFetch = (url, init) => fetch(url, init);

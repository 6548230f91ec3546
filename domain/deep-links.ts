/** Deep-link query parameters read on any route. spec §2 Route guards and deep links. */
export const DEEP_LINK_PARAMS = ["route", "slug", "category", "token", "cartToken", "policyId", "cartId"] as const;
/** One deep-link parameter name. */
export type DeepLinkParam = (typeof DEEP_LINK_PARAMS)[number];
/** The deep-link parameters present (non-empty) in a query. */
export type DeepLinkParams = Partial<Record<DeepLinkParam, string>>;

/** Deep-link cookie name. */
export const DEEP_LINK_COOKIE_NAME = "deeplink";
/** Deep-link cookie lifetime: 15552000 s (180 days). spec §2. */
export const DEEP_LINK_COOKIE_MAX_AGE_SECONDS = 15_552_000;
/** Deep-link cookie path. spec §2. */
export const DEEP_LINK_COOKIE_PATH = "/";

const toParams = (query: URLSearchParams | string): URLSearchParams =>
  typeof query === "string" ? new URLSearchParams(query.startsWith("?") ? query.slice(1) : query) : query;

/** Raw query string without a leading "?". */
export const rawQuery = (query: URLSearchParams | string): string =>
  typeof query === "string" ? (query.startsWith("?") ? query.slice(1) : query) : query.toString();

/**
 * The query without the deep link's cart (cartToken, cartId), the rest kept in order, without "?": where a visitor goes
 * once that cart is gone (spec §2 Route guards and deep links).
 */
export const withoutDeepLinkCart = (query: URLSearchParams | string): string => {
  const params = new URLSearchParams(toParams(query));
  params.delete("cartToken");
  params.delete("cartId");
  return params.toString();
};

/**
 * The query without any deep-link parameter, the rest kept in order, without "?": where Time's up sends the visitor
 * once the deep-link cookie is removed (spec §4 Countdown).
 */
export const withoutDeepLink = (query: URLSearchParams | string): string => {
  const params = new URLSearchParams(toParams(query));
  for (const name of DEEP_LINK_PARAMS) params.delete(name);
  return params.toString();
};

/** Reads route, slug, category, token, cartToken, policyId, cartId (first value, non-empty only) from a query. spec §2. */
export const readDeepLinkParams = (query: URLSearchParams | string): DeepLinkParams => {
  const params = toParams(query);
  const out: DeepLinkParams = {};
  for (const name of DEEP_LINK_PARAMS) {
    const v = params.get(name);
    if (v !== null && v !== "") out[name] = v;
  }
  return out;
};

/** Value of the deep-link cookie: route, slug, category (null when absent) and the raw query string. spec §2. */
export interface DeepLinkCookieValue {
  readonly route: string | null;
  readonly slug: string | null;
  readonly category: string | null;
  readonly query: string;
}

/** Builds the deep-link cookie value from a query. spec §2. */
export const deepLinkCookieValue = (query: URLSearchParams | string): DeepLinkCookieValue => {
  const p = readDeepLinkParams(query);
  return { route: p.route ?? null, slug: p.slug ?? null, category: p.category ?? null, query: rawQuery(query) };
};

/** Cookie attributes of the deep-link cookie: name, maxAge (seconds) and path. spec §2. */
export const DEEP_LINK_COOKIE = {
  name: DEEP_LINK_COOKIE_NAME,
  maxAgeSeconds: DEEP_LINK_COOKIE_MAX_AGE_SECONDS,
  path: DEEP_LINK_COOKIE_PATH,
} as const;

/** Serialises a cookie value (JSON; the adapter URL-encodes). */
export const serializeDeepLinkCookie = (value: DeepLinkCookieValue): string => JSON.stringify(value);

/** Parses a serialised cookie value; null for malformed text. Inverse of serializeDeepLinkCookie. */
export const parseDeepLinkCookie = (text: string): DeepLinkCookieValue | null => {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== "object" || v === null) return null;
    const o = v as Record<string, unknown>;
    const str = (x: unknown) => x === null || typeof x === "string";
    if (!str(o.route) || !str(o.slug) || !str(o.category) || typeof o.query !== "string") return null;
    return { route: o.route as string | null, slug: o.slug as string | null, category: o.category as string | null, query: o.query };
  } catch {
    return null;
  }
};

/** A deep-link cart: cartToken and cartId present and the page is not checkout. spec §2. */
export const isDeepLinkCart = (query: URLSearchParams | string, page: string): boolean => {
  const p = readDeepLinkParams(query);
  return p.cartToken !== undefined && p.cartId !== undefined && page !== "checkout";
};

/**
 * The cart id a deep link names (spec §2: cartToken and cartId present and the page is not checkout), else null; the
 * shop then loads that cart with the link's token (spec §6).
 */
export const deepLinkCartId = (query: URLSearchParams | string, page: string): string | null =>
  isDeepLinkCart(query, page) ? (readDeepLinkParams(query).cartId ?? null) : null;

/** Appends the current query string to a path (the query is kept on every navigation). spec §2 Routes. */
export const withQuery = (path: string, query: URLSearchParams | string): string => {
  const q = rawQuery(query);
  return q === "" ? path : `${path}${path.includes("?") ? "&" : "?"}${q}`;
};

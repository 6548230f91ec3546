import type { FastifyServerOptions } from "fastify";
import { CART_TOKEN_HEADER, UPGRADE_ACCESS_HEADER, USER_TOKEN_HEADER } from "../../domain/api.schema.ts";

/** What stands in the log for a redacted value. */
export const REDACTED = "[redacted]";

/**
 * A URL (path and query) for the log: every query value replaced by [redacted], the names kept. Query strings carry
 * what grants access (cartToken, access_id, token, code, state, id_token_hint, shopToken, cartId ...) and personal data
 * (an e-mail in a newsletter link), so no value is written, whichever parameter it is. A fragment is dropped.
 */
export const redactUrl = (url: string): string => {
  const withoutFragment = url.split("#")[0]!;
  const at = withoutFragment.indexOf("?");
  if (at < 0) return withoutFragment;
  const query = withoutFragment
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return `${eq < 0 ? pair : pair.slice(0, eq)}=${REDACTED}`;
    })
    .join("&");
  return `${withoutFragment.slice(0, at)}?${query}`;
};

/** Request headers that carry a token, a session or an id that grants access: never logged. */
const SECRET_HEADERS = ["authorization", "cookie", "set-cookie", "proxy-authorization", CART_TOKEN_HEADER, USER_TOKEN_HEADER, UPGRADE_ACCESS_HEADER, "x-adyen-hmac-signature"];

/** pino `redact` paths: the secret headers wherever a request, a reply or an error carrying headers is logged. */
const REDACT_PATHS = SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`, `headers["${name}"]`, `err.headers["${name}"]`]);

/** The request as logged: method and redacted URL only (no headers, no client address: an IP is personal data). */
const requestSerializer = (request: { method?: string; url?: string }) => ({ method: request.method, url: request.url === undefined ? undefined : redactUrl(request.url) });

/**
 * Fastify's pino logger options (`logger`) with nothing secret or personal in the log: requests logged as method and
 * redacted URL (redactUrl), any `url` field of our own log lines redacted the same way, and the headers that carry
 * tokens (x-cart-token, x-user-token, x-upgrade-access-id, authorization, cookie) censored wherever they appear.
 * `stream` sends the log elsewhere than stdout (tests read it back).
 */
export const redactingLogger = (stream?: NodeJS.WritableStream): NonNullable<Exclude<FastifyServerOptions["logger"], boolean>> => ({
  level: "info",
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: { req: requestSerializer, url: (url: unknown) => (typeof url === "string" ? redactUrl(url) : url) },
  ...(stream ? { stream } : {}),
});

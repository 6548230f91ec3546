import type { FastifyServerOptions } from "fastify";
import { CART_TOKEN_HEADER, UPGRADE_ACCESS_HEADER, USER_TOKEN_HEADER } from "../../domain/api.schema.ts";

/** What stands in the log for a redacted value. */
export const REDACTED = "[redacted]";

/**
 * A URL for the log: every query value replaced by [redacted], names kept, fragment dropped, since query values carry
 * tokens and personal data.
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

/** An error's text without the values of a failed query: drizzle writes "params: <values>" (e-mails, tokens) after the SQL. */
const withoutParams = (text: string): string => text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);

/** A logged error: type, message, stack, and code, status and cause when it has them. */
interface LoggedError {
  readonly [key: string]: unknown;
  readonly type: string;
  readonly message: string;
  readonly stack: string;
}

/**
 * The error as logged: type, message, stack, code and status and its cause, without a failed query's values or a row's
 * detail.
 */
const serializeError = (error: unknown, depth = 0): LoggedError => {
  if (!(error instanceof Error)) return { type: typeof error, message: "", stack: "" };
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ""),
    ...(code === undefined ? {} : { code }),
    ...(statusCode === undefined ? {} : { statusCode }),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
};

/**
 * Fastify's pino logger options with nothing secret or personal in the log: redacted URLs, errors without values, token
 * headers censored.
 */
export const redactingLogger = (stream?: NodeJS.WritableStream): NonNullable<Exclude<FastifyServerOptions["logger"], boolean>> => ({
  level: "info",
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: { req: requestSerializer, err: (error: Error) => serializeError(error), url: (url: unknown) => (typeof url === "string" ? redactUrl(url) : url) },
  // `log.error(error)` alone makes the error's message the line's message: give pino the redacted one instead.
  hooks: {
    logMethod(args, method) {
      const [first] = args as unknown[];
      if (args.length === 1 && first instanceof Error) return method.apply(this, [first, withoutParams(first.message)] as unknown as Parameters<typeof method>);
      return method.apply(this, args);
    },
  },
  ...(stream ? { stream } : {}),
});

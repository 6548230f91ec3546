import { Data, Duration, Effect, Schedule, Schema } from "effect";
import {
  ApiErrorBody,
  CART_TOKEN_HEADER,
  DataEnvelope,
  EVENT_NAMESPACE_HEADER,
  POLICY_ID_HEADER,
  UPGRADABLE_ORDER_HEADER,
  UPGRADE_ACCESS_HEADER,
  USER_TOKEN_HEADER,
} from "../../domain/api.schema.ts";
import { type ApiFailure, NetworkError, ShopApiError, UnexpectedAnswerError } from "../../application/errors.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import type { HttpFetch } from "./http-fetch.ts";

/**
 * One request: method, path below `prefix` (default /api/v2), the shop to address (headers of spec §6, §7), a JSON
 * body and extra headers (e.g. idempotency-key).
 */
export interface ShopApiRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  readonly context?: ShopContext;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly prefix?: string;
}

/**
 * Headers of a shop-scoped call (spec §6, §7 Headers): event namespace and bearer shop token always; cart token,
 * upgradable-order id (with the upgrade access id), policy id and x-user-token only when the context has them.
 */
export const shopHeaders = (context: ShopContext): Record<string, string> => ({
  [EVENT_NAMESPACE_HEADER]: context.apiNamespace,
  authorization: `Bearer ${context.shopToken}`,
  ...(context.cartToken ? { [CART_TOKEN_HEADER]: context.cartToken } : {}),
  ...(context.upgradableOrderId ? { [UPGRADABLE_ORDER_HEADER]: context.upgradableOrderId } : {}),
  ...(context.upgradableOrderId && context.upgradeAccessId ? { [UPGRADE_ACCESS_HEADER]: context.upgradeAccessId } : {}),
  ...(context.policyId ? { [POLICY_ID_HEADER]: context.policyId } : {}),
  ...(context.userToken ? { [USER_TOKEN_HEADER]: context.userToken } : {}),
});

const parseJson = (text: string): unknown => {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** An answer the server shed under load (503 or 429 with Retry-After): the request was not served, so it may be sent again. */
class ShedAnswer extends Data.TaggedError("ShedAnswer")<{ readonly response: Response; readonly text: string; readonly retryAfterMs: number }> {}

/** Times a shed request is sent again, and the longest wait before one (ms): a Retry-After beyond it is waited this long. */
const SHED_RETRIES = 4;
const MAX_SHED_WAIT_MS = 10_000;

/** The wait a shed answer asks for (its Retry-After in seconds, as ms), or undefined when the answer was not shed. */
const shedWaitMs = (response: Response): number | undefined => {
  if (response.status !== 503 && response.status !== 429) return undefined;
  const seconds = Number(response.headers.get("retry-after") ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_SHED_WAIT_MS) : undefined;
};

/**
 * When a shed request is sent again: a doubling backoff from a quarter second, never before the answer's Retry-After,
 * each wait stretched by a random fraction up to a half so a crowd shed together does not come back together; at most SHED_RETRIES times.
 */
const SHED_RETRY = Schedule.exponential("250 millis").pipe(
  Schedule.setInputType<ShedAnswer | NetworkError>(),
  Schedule.modifyDelay(({ input, duration }) =>
    Effect.sync(() => Duration.times(input._tag === "ShedAnswer" ? Duration.max(duration, Duration.millis(input.retryAfterMs)) : duration, 1 + Math.random() / 2)),
  ),
  Schedule.upTo({ times: SHED_RETRIES }),
);

/**
 * Sends a Shop API request and decodes the `{data}` envelope with `schema`; a refusal becomes ShopApiError (spec §7), a
 * failed fetch NetworkError, a body off the schema UnexpectedAnswerError; shed answers are retried.
 */
export const sendShopApiRequest = <S extends Schema.Top & { readonly DecodingServices: never }>(
  baseUrl: string,
  request: ShopApiRequest,
  schema: S,
  send: HttpFetch,
): Effect.Effect<S["Type"], ApiFailure> =>
  Effect.gen(function* () {
    const headers: Record<string, string> = { accept: "application/json" };
    if (request.context) Object.assign(headers, shopHeaders(request.context));
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (request.headers) Object.assign(headers, request.headers);
    const body = request.body === undefined ? null : JSON.stringify(request.body);
    const sendOnce = Effect.tryPromise({
      try: async (signal) => {
        const response = await send(`${baseUrl}${request.prefix ?? "/api/v2"}${request.path}`, { method: request.method, headers, body, signal });
        return { response, text: await response.text() };
      },
      catch: (cause) => new NetworkError({ message: cause instanceof Error ? cause.message : String(cause) }),
    }).pipe(
      Effect.flatMap((answer) => {
        const retryAfterMs = shedWaitMs(answer.response);
        return retryAfterMs === undefined ? Effect.succeed(answer) : Effect.fail(new ShedAnswer({ ...answer, retryAfterMs }));
      }),
    );
    const { response, text } = yield* sendOnce.pipe(
      Effect.retry({ schedule: SHED_RETRY, while: (error) => error._tag === "ShedAnswer" }),
      Effect.catchTag("ShedAnswer", (shed) => Effect.succeed(shed)),
    );
    const json = parseJson(text);
    if (!response.ok) {
      const exit = Schema.decodeUnknownExit(ApiErrorBody)(json);
      const error = exit._tag === "Success" ? exit.value.error : { code: String(response.status), message: response.statusText };
      const reasons = "checkoutErrors" in error && error.checkoutErrors !== undefined ? { checkoutErrors: error.checkoutErrors } : {};
      return yield* Effect.fail(new ShopApiError({ status: response.status, code: error.code, message: error.message, ...reasons }));
    }
    const decoded = Schema.decodeUnknownExit(DataEnvelope(schema))(json);
    if (decoded._tag === "Failure") {
      return yield* Effect.fail(
        new UnexpectedAnswerError({ message: `${request.method} ${request.path}: answer does not match the contract` }),
      );
    }
    return (decoded.value as { readonly data: S["Type"] }).data;
  });

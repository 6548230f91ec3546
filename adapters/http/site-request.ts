import { Effect, Schema } from "effect";
import { type ApiFailure, NetworkError, ShopApiError } from "../../application/errors.ts";
import { ApiErrorBody } from "../../domain/api.schema.ts";
import type { HttpFetch } from "./http-fetch.ts";

/** A plain JSON request to the site's own endpoints (notice, init, mail, newsletter): absolute URL, method, optional JSON body and extra headers (the shop's, for the mail). */
export interface SiteRequest {
  readonly url: string;
  readonly method: "GET" | "POST";
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The parsed answer of a 2xx site request: status and the body parsed as JSON (undefined when empty or not JSON). */
export interface SiteAnswer {
  readonly status: number;
  readonly json: unknown;
}

const parseJson = (text: string): unknown => {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Sends a site request (spec §7 Other calls); a refusal becomes ShopApiError with the envelope's code, a failed fetch
 * NetworkError.
 */
export const sendSiteRequest = (request: SiteRequest, send: HttpFetch): Effect.Effect<SiteAnswer, ApiFailure> =>
  Effect.gen(function* () {
    const headers: Record<string, string> = { accept: "application/json" };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (request.headers) Object.assign(headers, request.headers);
    const networkError = (cause: unknown) => new NetworkError({ message: cause instanceof Error ? cause.message : String(cause) });
    const response = yield* Effect.tryPromise({
      try: (signal) =>
        send(request.url, { method: request.method, headers, body: request.body === undefined ? null : JSON.stringify(request.body), signal }),
      catch: networkError,
    });
    const text = yield* Effect.tryPromise({ try: () => response.text(), catch: networkError });
    const json = parseJson(text);
    if (!response.ok) {
      const exit = Schema.decodeUnknownExit(ApiErrorBody)(json);
      const error = exit._tag === "Success" ? exit.value.error : { code: String(response.status), message: response.statusText };
      return yield* Effect.fail(new ShopApiError({ status: response.status, code: error.code, message: error.message }));
    }
    return { status: response.status, json };
  });

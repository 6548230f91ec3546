import { readFileSync } from "node:fs";
import { HttpClientException } from "@adyen/api-library";
import { Schema } from "effect";
import type { AdyenHttpClient } from "../../server/payments/adyen-payment-provider.ts";

/**
 * One recorded Adyen exchange (tests/server/fixtures/adyen/*.json): request method and path and Adyen's answer; non-2xx
 * answers raise as the library's HTTPS client does.
 */
export const RecordedAdyenExchange = Schema.Struct({
  description: Schema.optional(Schema.String),
  request: Schema.Struct({ method: Schema.Literals(["GET", "POST", "PATCH"]), path: Schema.String }),
  response: Schema.Struct({ status: Schema.Int, body: Schema.Unknown }),
});
/** A decoded recorded exchange. */
export type RecordedAdyenExchange = typeof RecordedAdyenExchange.Type;

/** A request the library made through the recorded client: method, full URL, parsed JSON body and the Idempotency-Key it sent (if any). */
export interface RecordedAdyenRequest {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly idempotencyKey: string | undefined;
  readonly apiKeyRequired: boolean;
}

/** Reads and decodes one fixture file (throws on a file off the RecordedAdyenExchange shape: a broken fixture is a test bug). */
export const loadAdyenFixture = (file: string): RecordedAdyenExchange =>
  Schema.decodeUnknownSync(RecordedAdyenExchange)(JSON.parse(readFileSync(file, "utf8")));

const parse = (json: string | Buffer): unknown => {
  try {
    return JSON.parse(json.toString());
  } catch {
    return json.toString();
  }
};

/**
 * An Adyen HTTP client answering from recorded exchanges (matched by method and URL path; an exchange may answer
 * any number of times) and logging every request; an unrecorded request rejects (no network is ever used).
 */
export const recordedAdyenHttpClient = (exchanges: ReadonlyArray<RecordedAdyenExchange>) => {
  const requests: RecordedAdyenRequest[] = [];
  const client: AdyenHttpClient = {
    request: async (endpoint, json, _config, apiKeyRequired, options) => {
      const method = String(options?.method ?? "POST").toUpperCase();
      const path = new URL(endpoint).pathname;
      requests.push({ method, url: endpoint, body: parse(json), idempotencyKey: options?.idempotencyKey, apiKeyRequired });
      const exchange = exchanges.find((e) => e.request.method === method && e.request.path === path);
      if (!exchange) throw new Error(`No recorded Adyen answer for ${method} ${path}`);
      const body = JSON.stringify(exchange.response.body);
      if (exchange.response.status >= 200 && exchange.response.status < 300) return body;
      const errorCode = (exchange.response.body as { errorCode?: unknown } | null)?.errorCode;
      throw new HttpClientException({
        message: `HTTP Exception: ${exchange.response.status}. ${body}`,
        statusCode: exchange.response.status,
        ...(typeof errorCode === "string" ? { errorCode } : {}),
        responseBody: body,
      });
    },
  };
  return { client, requests };
};

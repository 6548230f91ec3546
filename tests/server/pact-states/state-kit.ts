import { SHOP_HEADERS } from "../../support/contract-examples.ts";

/**
 * How provider-state handlers reach the provider: over its HTTP API only (never its database), so the same handlers
 * run in `npm test` (in-process server) and in `npm run contracts:verify` against any running Shop API.
 * `call` sends the demo shop's headers plus `headers` and resolves to the parsed JSON; it rejects on a non-2xx answer.
 */
export interface StateKit {
  /** The provider's base URL (scheme://host[:port]) the calls go to. */
  readonly baseUrl: string;
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
  /** Posts an HTML form (application/x-www-form-urlencoded) without following a redirect; rejects unless 2xx or 3xx. */
  postForm(url: string, fields: Record<string, string>): Promise<void>;
}

/** A parsed `{data}` answer. */
export type ApiAnswer = { data: { id: string } & Record<string, unknown> };

/** Values a state hands to the interaction (pact `fromProviderState`), e.g. `{ cartId }`. */
export type StateValues = Record<string, string | number | boolean>;

/** A provider state handler: builds the data its interactions need and returns the generated ids. */
export type StateHandler = (params?: unknown) => Promise<StateValues | void>;

/** Provider state handlers keyed by the exact state name used in contracts/. */
export type StateHandlers = Record<string, StateHandler>;

/** A StateKit over `fetch` to a running provider at `baseUrl`. */
export const fetchStateKit = (baseUrl: string): StateKit => ({
  baseUrl: baseUrl.replace(/\/+$/, ""),
  postForm: async (url, fields) => {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}${url}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    if (response.status >= 400) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  },
  call: async (method, url, body, headers = {}) => {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}${url}`, {
      method,
      headers: { ...SHOP_HEADERS, "content-type": "application/json", ...headers },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return JSON.parse(text) as ApiAnswer;
  },
});

/** Creates an empty cart (demo shop unless `headers` say otherwise; `body` e.g. a paymentQueueToken) and answers its id. */
export const createCart = async (kit: StateKit, headers: Record<string, string> = {}, body: Record<string, unknown> = {}): Promise<string> =>
  (await kit.call("POST", "/api/v2/carts", body, headers)).data.id;

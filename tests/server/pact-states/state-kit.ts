import type { FastifyInstance } from "fastify";
import type { OpenDatabase } from "../../../server/db/database.ts";
import { SHOP_HEADERS } from "../../support/contract-examples.ts";

/** What a provider-state handler module gets: the running server (for inject) and its database. */
export interface StateKit {
  readonly app: FastifyInstance;
  readonly database: OpenDatabase;
}

/** A provider state handler: builds the data its interactions need (params from the pact's state). */
export type StateHandler = (params?: unknown) => Promise<void>;

/** Provider state handlers keyed by the exact state name used in contracts/. */
export type StateHandlers = Record<string, StateHandler>;

/** Calls the running server as a client would (shop headers of the demo shop plus `headers`); throws on a non-2xx answer. */
export const callApi = async (
  kit: StateKit,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ data: { id: string } & Record<string, unknown> }> => {
  const response = await kit.app.inject({
    method: method as "GET",
    url,
    headers: { ...SHOP_HEADERS, "content-type": "application/json", ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
};

/** The `cartId` parameter of a provider state; throws when the pact does not give one. */
export const cartIdOf = (params: unknown): string => {
  const cartId = (params as { cartId?: unknown } | undefined)?.cartId;
  if (typeof cartId !== "string") throw new Error("provider state needs a cartId parameter");
  return cartId;
};

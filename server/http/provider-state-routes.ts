import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { type ContractStateDeps, type OwnApi, providerStates } from "../contract-states/contract-states.ts";
import { providerStateInvalid } from "../contract-states/contract-states.errors.ts";
import { requestOrigin } from "./api-routes.ts";
import { decodeOrThrow } from "./decode.ts";
import type { InProcessFetch } from "./in-process-fetch.ts";

/** Path of the provider-state setup endpoint (Pact's providerStatesSetupUrl / the verifier CLI's --state-change-url). */
export const PROVIDER_STATES_PATH = "/_pact/provider-states";

/**
 * Whether the endpoint exists: only when PACT_PROVIDER_STATES=enabled, never with NODE_ENV=production (server/main.ts
 * then refuses to start). It builds carts, pays orders and hands out tokens, so it must never face real visitors.
 */
export const providerStatesEnabled = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env["PACT_PROVIDER_STATES"] === "enabled" && env["NODE_ENV"] !== "production";

/** Body of a state change (Pact convention): the state's name, its parameters, and setup (default) or teardown. */
const StateChange = Schema.Struct({
  state: Schema.String,
  params: Schema.optional(Schema.NullOr(Schema.Record(Schema.String, Schema.Unknown))),
  action: Schema.optional(Schema.Literals(["setup", "teardown"])),
});

/**
 * POST /_pact/provider-states (docs/provider-states.md): runs the named state of server/contract-states over this
 * server's own API, in-process on the state call's origin, and answers its values; teardown answers `{}`.
 */
export const providerStateRoutes = (deps: ContractStateDeps, ownFetch: InProcessFetch) => async (app: FastifyInstance) => {
  const states = providerStates(deps);
  app.post(PROVIDER_STATES_PATH, async (request, reply) => {
    const change = decodeOrThrow(StateChange, request.body ?? {}, "state change");
    // Teardown has nothing to undo (every state builds fresh carts); an interaction without a state sends an empty name.
    if (change.action === "teardown" || change.state === "") return reply.send({});
    const state = states[change.state];
    if (!state) throw providerStateInvalid(`Unknown provider state '${change.state}'; known: ${Object.keys(states).join(" | ")}.`, "provider.state.unknown");
    // Every call a state makes reaches this server in-process (outside the client rate limit) as if sent to the state
    // call's own host, so the tokens it mints (issuer of that origin) and the addresses it answers hold for the
    // interaction the verifier sends next.
    const api: OwnApi = async ({ method, url, headers = {}, json, form }) => {
      const [type, body] = form !== undefined ? ["application/x-www-form-urlencoded", form] : json !== undefined ? ["application/json", JSON.stringify(json)] : [undefined, undefined];
      const answer = await ownFetch(url, { method, headers: { host: request.host, ...(type ? { "content-type": type } : {}), ...headers }, ...(body === undefined ? {} : { body }) });
      return { status: answer.status, body: await answer.text() };
    };
    const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown): S["Type"] => decodeOrThrow(schema, input, "params");
    return reply.send(await state.setUp(change.params ?? {}, { api, origin: requestOrigin(request), decode }));
  });
};

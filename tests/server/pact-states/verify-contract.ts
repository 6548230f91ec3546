import { Verifier } from "@pact-foundation/pact";
import { readFileSync } from "node:fs";
import { PROVIDER_STATES_PATH } from "../../../server/http/provider-state-routes.ts";

/** The parts of a Pact file the verification reads. */
export interface PactFileSummary {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: ReadonlyArray<{ readonly description: string; readonly providerStates?: ReadonlyArray<{ readonly name: string; readonly params?: unknown }> }>;
}

/** Reads a Pact file (path) as JSON. */
export const readPact = (file: string): PactFileSummary => JSON.parse(readFileSync(file, "utf8")) as PactFileSummary;

/** Where a provider of the reference server answers below `baseUrl`: the Travel API is mounted under /travel-api. */
export const providerUrlOf = (baseUrl: string, provider: string): string =>
  provider === "travel-api" ? `${baseUrl.replace(/\/+$/, "")}/travel-api` : baseUrl.replace(/\/+$/, "");

/** The provider-state setup URL of the reference server at `baseUrl` (POST {state, params, action}; docs/provider-states.md). */
export const stateSetupUrlOf = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, "")}${PROVIDER_STATES_PATH}`;

/**
 * Verifies `pactFile` with Pact's Verifier against `providerUrl`, setting provider states up through `setupUrl` (the
 * same state endpoint the standalone verifier CLI uses). Rejects with the verifier's report when an interaction fails.
 */
export const verifyContract = (pactFile: string, providerUrl: string, setupUrl: string, logLevel: "error" | "warn" = "warn"): Promise<unknown> =>
  new Verifier({ provider: readPact(pactFile).provider.name, providerBaseUrl: providerUrl, pactUrls: [pactFile], providerStatesSetupUrl: setupUrl, logLevel }).verifyProvider();

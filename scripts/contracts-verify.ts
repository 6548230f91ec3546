// Verifies the Pact files of contracts/ against a running provider:
// `npm run contracts:verify -- --provider-base-url URL [--pact PATH_OR_URL ...] [--provider-states-setup-url URL]`.
// Provider states are set up through the provider's state endpoint (Pact convention: POST {state, params, action},
// answering the values the interactions read); default {base}/_pact/provider-states, the reference server's
// (docs/provider-states.md). `--pact` takes a file path or an http(s) URL (e.g. a broker's pact); default: every
// contracts/*.json. `--provider-url name=URL` points one provider elsewhere (the Travel API defaults to
// {base}/travel-api).
// Prints pass/fail per interaction and a summary; exits 1 on any failure.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Verifier } from "@pact-foundation/pact";
import { PROVIDER_STATES_PATH } from "../server/http/provider-state-routes.ts";

interface PactInteraction {
  readonly description: string;
  readonly providerStates?: ReadonlyArray<{ readonly name: string; readonly params?: Record<string, unknown> }>;
}
interface PactFile {
  readonly consumer: { readonly name: string };
  readonly provider: { readonly name: string };
  readonly interactions: ReadonlyArray<PactInteraction>;
}

const { values } = parseArgs({
  options: {
    "provider-base-url": { type: "string" },
    pact: { type: "string", multiple: true },
    "provider-states-setup-url": { type: "string" },
    "log-level": { type: "string", default: "error" },
    "provider-url": { type: "string", multiple: true },
  },
});
const baseUrl = values["provider-base-url"]?.replace(/\/+$/, "");
if (!baseUrl) {
  console.error("usage: npm run contracts:verify -- --provider-base-url URL [--pact PATH_OR_URL ...] [--provider-states-setup-url URL]");
  process.exit(2);
}
const setupUrl = values["provider-states-setup-url"] ?? `${baseUrl}${PROVIDER_STATES_PATH}`;
/** Base URL per provider: `--provider-url name=URL` wins; the Travel API defaults to {base}/travel-api (where the reference server serves it). */
const providerUrls = new Map(
  (values["provider-url"] ?? []).map((entry) => {
    const at = entry.indexOf("=");
    if (at < 1) {
      console.error(`--provider-url expects name=URL, got '${entry}'`);
      process.exit(2);
    }
    return [entry.slice(0, at), entry.slice(at + 1).replace(/\/+$/, "")] as const;
  }),
);
const urlOf = (provider: string): string => providerUrls.get(provider) ?? (provider === "travel-api" ? `${baseUrl}/travel-api` : baseUrl);
const logLevel = values["log-level"] as "error";
const scratch = mkdtempSync(path.join(tmpdir(), "contracts-verify-"));

/** The pact sources: paths as given (resolved) and URLs fetched into the scratch directory; labels for the report. */
const loadPacts = async (): Promise<Array<{ label: string; pact: PactFile }>> => {
  const sources = values.pact?.length ? values.pact : readdirSync("contracts").filter((f) => f.endsWith(".json")).map((f) => path.join("contracts", f));
  const loaded: Array<{ label: string; pact: PactFile }> = [];
  for (const source of sources) {
    if (/^https?:\/\//i.test(source)) {
      const response = await fetch(source, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`--pact ${source} answered ${response.status}`);
      loaded.push({ label: source, pact: (await response.json()) as PactFile });
    } else {
      loaded.push({ label: path.relative(process.cwd(), path.resolve(source)), pact: JSON.parse(readFileSync(source, "utf8")) as PactFile });
    }
  }
  return loaded;
};

const statesOf = (interaction: PactInteraction): string[] =>
  (interaction.providerStates ?? []).map((s) => (s.params && Object.keys(s.params).length ? `${s.name} ${JSON.stringify(s.params).slice(0, 60)}…` : s.name));
const label = (interaction: PactInteraction): string => {
  const states = statesOf(interaction);
  return states.length ? `${interaction.description} [given ${states.join(", ")}]` : interaction.description;
};

/** What Pact's verifier reports per interaction when a run fails (its error message is this JSON). */
interface VerifierReport {
  readonly interactionResults?: ReadonlyArray<{ description: string; result: string; mismatch?: { message?: string; mismatches?: ReadonlyArray<{ mismatch?: string }> } }>;
}

/**
 * Why the provider refused to set up the states of `interaction`: each state is asked again and a refusal's answer
 * is quoted (the verifier itself reports only that a state change failed); undefined when every state sets up now.
 */
const stateRefusals = async (interaction: PactInteraction): Promise<string | undefined> => {
  const refusals: string[] = [];
  for (const state of interaction.providerStates ?? []) {
    try {
      const response = await fetch(setupUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ state: state.name, params: state.params ?? {}, action: "setup" }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) refusals.push(`state '${state.name}' answered ${response.status}: ${(await response.text()).slice(0, 400)}`);
    } catch (error) {
      refusals.push(`state '${state.name}' did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return refusals.length ? refusals.join("; ") : undefined;
};

/**
 * Runs Pact's Verifier on `pact` restricted to `interactions` (written to a scratch file). Resolves to a problem text
 * per interaction description (undefined = passed), read from the verifier's JSON report; when that report cannot be
 * read, every interaction gets the run's error.
 */
const verify = async (pact: PactFile, interactions: ReadonlyArray<PactInteraction>, name: string): Promise<Map<string, string | undefined>> => {
  const file = path.join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify({ ...pact, interactions }));
  const results = new Map<string, string | undefined>(interactions.map((i) => [i.description, undefined]));
  try {
    await new Verifier({
      provider: pact.provider.name,
      providerBaseUrl: urlOf(pact.provider.name),
      pactUrls: [file],
      logLevel,
      providerStatesSetupUrl: setupUrl,
      // Pact's proxy forwards each interaction with the provider's own Host (as the state calls arrive), so a state's
      // values that depend on the origin (an x-user-token's issuer, return addresses) hold for the interaction too.
      changeOrigin: true,
    }).verifyProvider();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    let report: VerifierReport | undefined;
    try {
      report = JSON.parse(message) as VerifierReport;
    } catch {
      report = undefined;
    }
    if (!report?.interactionResults) {
      for (const i of interactions) results.set(i.description, message.split("\n")[0]);
    } else {
      for (const r of report.interactionResults) {
        if (r.result === "OK") continue;
        const why = (r.mismatch?.mismatches ?? []).map((m) => m.mismatch).filter(Boolean).join("; ") || r.mismatch?.message || r.result;
        const interaction = interactions.find((i) => i.description === r.description);
        const refused = /state change/i.test(why) && interaction ? await stateRefusals(interaction) : undefined;
        results.set(r.description, refused ? `${why}: ${refused}` : why);
      }
    }
  }
  return results;
};

let failures = 0;
let passes = 0;
const report: string[] = [];
const pacts = await loadPacts();
for (const { label: source, pact } of pacts) {
  const provider = pact.provider.name;
  console.log(`\n=== ${source}: ${pact.consumer.name} -> ${provider}, ${pact.interactions.length} interactions ===`);
  const results = await verify(pact, pact.interactions, `pact-${report.length}`);
  report.push(`${source} (${pact.consumer.name} -> ${provider})`);
  for (const i of pact.interactions) {
    const problem = results.get(i.description);
    if (problem === undefined) passes += 1;
    else failures += 1;
    report.push(problem === undefined ? `  PASS  ${label(i)}` : `  FAIL  ${label(i)}\n        ${problem}`);
  }
}
rmSync(scratch, { recursive: true, force: true });
console.log(`\n${report.join("\n")}`);
console.log(`\ncontracts:verify: ${pacts.length} pact files, ${passes} interactions passed, ${failures} failed against ${baseUrl} (states: ${setupUrl})`);
process.exit(failures === 0 ? 0 : 1);

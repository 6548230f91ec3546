/**
 * Verifies the Pact files of contracts/ against a running provider:
 * `npm run contracts:verify -- --provider-base-url URL [--pact contracts/x.json ...] [--provider-states-setup-url URL]`.
 * Each file's provider is read from `provider.name`; its state handlers come from tests/server/pact-states/registry.ts
 * (HTTP-only: they build data through the provider's own API with the demo shop's headers, never its database). With
 * --provider-states-setup-url the provider's own state endpoint is used instead (Pact's providerStatesSetupUrl).
 * `--provider-url name=URL` points one provider elsewhere (the Travel API defaults to {base}/travel-api).
 * Prints pass/fail per interaction and a summary; exits 1 on any failure or a provider state without a handler.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Verifier } from "@pact-foundation/pact";
import { NOTICE_TOKEN_FILE } from "../server/notice-admin-token.ts";
import { stateHandlersFor } from "../tests/server/pact-states/registry.ts";
import { fetchStateKit, type StateHandlers } from "../tests/server/pact-states/state-kit.ts";

interface PactInteraction {
  readonly description: string;
  readonly providerStates?: ReadonlyArray<{ readonly name: string }>;
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
const baseUrl = values["provider-base-url"];
if (!baseUrl) {
  console.error("usage: npm run contracts:verify -- --provider-base-url URL [--pact contracts/x.json ...] [--provider-states-setup-url URL]");
  process.exit(2);
}
const setupUrl = values["provider-states-setup-url"];
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
const urlOf = (provider: string): string =>
  providerUrls.get(provider) ?? (provider === "travel-api" ? `${baseUrl.replace(/\/+$/, "")}/travel-api` : baseUrl);
// The notice states change the notice through PUT /api/notice; `npm start` keeps its generated token in this file.
if (!process.env["NOTICE_ADMIN_TOKEN"] && existsSync(NOTICE_TOKEN_FILE)) process.env["NOTICE_ADMIN_TOKEN"] = readFileSync(NOTICE_TOKEN_FILE, "utf8").trim();
const logLevel = values["log-level"] as "error";
const pactFiles = (values.pact?.length ? values.pact : readdirSync("contracts").filter((f) => f.endsWith(".json")).map((f) => path.join("contracts", f))).map((f) => path.resolve(f));
const scratch = mkdtempSync(path.join(tmpdir(), "contracts-verify-"));

const statesOf = (interaction: PactInteraction): string[] => (interaction.providerStates ?? []).map((s) => s.name);
const label = (interaction: PactInteraction): string => {
  const states = statesOf(interaction);
  return states.length ? `${interaction.description} [given ${states.join(", ")}]` : interaction.description;
};

/** Pact's handler shape: resolves to the values the interaction reads with fromProviderState, or undefined. */
const forVerifier = (handlers: StateHandlers) =>
  Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, async (params?: unknown) => (await handler(params)) ?? undefined]));

/** What Pact's verifier reports per interaction when a run fails (its error message is this JSON). */
interface VerifierReport {
  readonly interactionResults?: ReadonlyArray<{ description: string; result: string; mismatch?: { mismatches?: ReadonlyArray<{ mismatch?: string }> } }>;
}

/**
 * Runs Pact's Verifier on `pact` restricted to `interactions` (written to a scratch file). Resolves to a problem text
 * per interaction description (undefined = passed), read from the verifier's JSON report; when that report cannot be
 * read, every interaction gets the run's error.
 */
const verify = async (pact: PactFile, interactions: ReadonlyArray<PactInteraction>, handlers: StateHandlers, name: string): Promise<Map<string, string | undefined>> => {
  const file = path.join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify({ ...pact, interactions }));
  const results = new Map<string, string | undefined>(interactions.map((i) => [i.description, undefined]));
  try {
    await new Verifier({
      provider: pact.provider.name,
      providerBaseUrl: urlOf(pact.provider.name),
      pactUrls: [file],
      logLevel,
      ...(setupUrl ? { providerStatesSetupUrl: setupUrl } : { stateHandlers: forVerifier(handlers) }),
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
        const why = (r.mismatch?.mismatches ?? []).map((m) => m.mismatch).filter(Boolean).join("; ");
        results.set(r.description, why || r.result);
      }
    }
  }
  return results;
};

let failures = 0;
let passes = 0;
const report: string[] = [];
for (const file of pactFiles) {
  const pact = JSON.parse(readFileSync(file, "utf8")) as PactFile;
  const provider = pact.provider.name;
  const handlers = setupUrl ? {} : stateHandlersFor(provider, fetchStateKit(baseUrl));
  const missing = (i: PactInteraction) => (setupUrl ? [] : statesOf(i).filter((s) => !(s in handlers)));
  const runnable = pact.interactions.filter((i) => missing(i).length === 0);
  const results = new Map<PactInteraction, string | undefined>();
  for (const i of pact.interactions) if (missing(i).length) results.set(i, `no state handler for ${missing(i).map((s) => `'${s}'`).join(", ")} (tests/server/pact-states/registry.ts, provider '${provider}')`);
  console.log(`\n=== ${path.relative(process.cwd(), file)}: ${pact.consumer.name} -> ${provider}, ${pact.interactions.length} interactions ===`);
  if (runnable.length) {
    for (const [description, problem] of await verify(pact, runnable, handlers, `pact-${report.length}`)) {
      for (const i of runnable) if (i.description === description) results.set(i, problem);
    }
  }
  report.push(`${path.relative(process.cwd(), file)} (${pact.consumer.name} -> ${provider})`);
  for (const i of pact.interactions) {
    const problem = results.get(i);
    if (problem === undefined) passes += 1;
    else failures += 1;
    report.push(problem === undefined ? `  PASS  ${label(i)}` : `  FAIL  ${label(i)}\n        ${problem}`);
  }
}
rmSync(scratch, { recursive: true, force: true });
console.log(`\n${report.join("\n")}`);
console.log(`\ncontracts:verify: ${pactFiles.length} pact files, ${passes} interactions passed, ${failures} failed against ${baseUrl}`);
process.exit(failures === 0 ? 0 : 1);

// Contract mutation check: `npm run contracts:mutation [-- --only TEXT] [-- --check]`. For each provider regression
// of scripts/contracts-regressions.ts it copies server/ and domain/ to a scratch directory, applies the regression's
// code wraps to the copy, starts that copy (in-memory PGlite, demo catalogue) on a free port behind a proxy that
// makes
// the regression's wire changes, and runs `npm run contracts:verify` against the proxy (states through the copy's
// POST /_pact/provider-states). A regression is killed when verification fails. First every regression's targets are
// resolved: a stale one (its named declaration gone or not unique) is reported and the run exits 1 without verifying
// anything; `--check` stops after that step. Then a baseline run of the unmodified copy must pass. Prints
// `killed K of N`; exits 1 unless every regression is killed. Slow (a verification per regression), so it is not
// part
// of `npm test`.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { applyWraps, type Regression, staleTargets, startWireProxy } from "./contracts-mutation-support.ts";
import { REGRESSIONS } from "./contracts-regressions.ts";

interface ServerModules {
  readonly buildServer: (options: Record<string, unknown>) => Promise<{ listen(o: { port: number; host: string }): Promise<string>; close(): Promise<void> }>;
  readonly openDatabase: (options: { dataDir: string }) => Promise<{ db: unknown; close(): Promise<void> }>;
  readonly resetDemoCatalogue: (db: unknown) => Promise<void>;
}

const { values } = parseArgs({ options: { only: { type: "string" }, check: { type: "boolean" } } });
const root = process.cwd();
// The notice states change the notice over PUT /api/notice, which the copy registers only with a token.
process.env["NOTICE_ADMIN_TOKEN"] ??= "contracts-mutation-notice-token";
// The copies it starts are verified through POST /_pact/provider-states, which exists only with this setting.
process.env["PACT_PROVIDER_STATES"] = "enabled";
// The copies trust their own development identity provider, whose tokens the states mint (not an outside issuer's).
delete process.env["OIDC_ISSUER"];

/** A fresh copy of the server (server/, domain/, package.json, tsconfig.json, node_modules linked) with `regression`'s code wraps applied. */
const copyWith = (name: string, regression: Regression | undefined): string => {
  const dir = path.join(scratch, name);
  for (const part of ["server", "domain"]) cpSync(path.join(root, part), path.join(dir, part), { recursive: true, filter: (src) => !src.includes(`${path.sep}.data`) });
  for (const file of ["package.json", "tsconfig.json"]) cpSync(path.join(root, file), path.join(dir, file));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  if (regression) applyWraps(dir, regression);
  return dir;
};

/** Runs `npm run contracts:verify` against `baseUrl`; resolves to its exit code and output. */
const verify = (baseUrl: string): Promise<{ code: number; output: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts/contracts-verify.ts"), "--provider-base-url", baseUrl],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });

/** Starts the copy in `dir` behind `regression`'s wire changes, verifies every contract against it, stops it; resolves to the verification's outcome. */
const runCopy = async (dir: string, regression: Regression | undefined): Promise<{ passed: boolean; summary: string; failures: string[] }> => {
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const modules: ServerModules = {
    ...((await load("server/app.ts")) as Pick<ServerModules, "buildServer">),
    ...((await load("server/db/database.ts")) as Pick<ServerModules, "openDatabase">),
    ...((await load("server/catalogue/seed.ts")) as Pick<ServerModules, "resetDemoCatalogue">),
  };
  const database = await modules.openDatabase({ dataDir: "memory://" });
  await modules.resetDemoCatalogue(database.db);
  // Like a deployment: payment returns go to a configured shop origin (the states answer it as returnUri). As in
  // `npm start`, the copy's development identity provider is the trusted issuer, and the states mint its tokens.
  const app = await modules.buildServer({
    db: database.db,
    sweepIntervalMs: 0,
    rateLimit: false,
    allowedRedirectOrigins: ["https://shop.example.org"],
    identityProvider: true,
  });
  try {
    const proxy = await startWireProxy(await app.listen({ port: 0, host: "127.0.0.1" }), regression);
    const { code, output } = await verify(proxy.baseUrl).finally(() => proxy.close());
    const summary = output.split("\n").find((line) => line.startsWith("contracts:verify:")) ?? "(no summary: verification did not run)";
    const failures = output.split("\n").filter((line) => line.startsWith("  FAIL  ")).map((line) => line.slice(8).replace(/ \[given .*$/, ""));
    return { passed: code === 0, summary, failures };
  } finally {
    await app.close();
    await database.close();
  }
};

const chosen = REGRESSIONS.filter((r) => values.only === undefined || r.name.includes(values.only));
const stale = staleTargets(root, chosen);
for (const s of stale) console.error(`STALE     ${s.name}: ${s.reasons.join("; ")}`);
if (stale.length > 0) {
  console.error(`\ncontracts:mutation: ${stale.length} of ${chosen.length} regressions are stale; update scripts/contracts-regressions.ts`);
  process.exit(1);
}
if (values.check) {
  console.log(`contracts:mutation --check: all ${chosen.length} regressions find their targets`);
  process.exit(0);
}
const scratch = mkdtempSync(path.join(tmpdir(), "contracts-mutation-"));
let exitCode = 0;
try {
  const baseline = await runCopy(copyWith("baseline", undefined), undefined);
  console.log(`baseline (no regression): ${baseline.passed ? "passes" : "FAILS"} — ${baseline.summary}`);
  if (!baseline.passed) {
    console.log(baseline.failures.map((f) => `  ${f}`).join("\n"));
    throw new Error("the unmodified server must pass verification before regressions mean anything");
  }
  let killed = 0;
  for (const [index, regression] of chosen.entries()) {
    const outcome = await runCopy(copyWith(`regression-${index}`, regression), regression);
    if (!outcome.passed) killed += 1;
    const shown = outcome.failures.slice(0, 3).join("; ") + (outcome.failures.length > 3 ? `; … (${outcome.failures.length} in all)` : "");
    console.log(`${outcome.passed ? "SURVIVED" : "killed  "}  ${regression.name}${outcome.passed ? "" : ` — ${outcome.failures.length} failing: ${shown}`}`);
  }
  console.log(`\ncontracts:mutation: killed ${killed} of ${chosen.length}`);
  if (killed !== chosen.length) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);

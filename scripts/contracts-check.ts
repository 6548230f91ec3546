// `npm run contracts:check` (part of `npm run test:pact`): runs the consumer Pact tests with their output sent to a
// scratch directory (PACT_OUTPUT_DIR) and compares what they write with the committed contracts/*.json, file by file
// and interaction by interaction (order ignored). Exits 1 when a file or an interaction is missing, extra or
// different — the committed contracts must be exactly what the consumer tests say. `--write` instead regenerates
// contracts/ (after changing a consumer test) and exits with the tests' status.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";

interface Interaction {
  readonly description: string;
  readonly providerStates?: ReadonlyArray<{ readonly name: string; readonly params?: unknown }>;
}
interface PactFile {
  readonly interactions: ReadonlyArray<Interaction>;
  readonly [key: string]: unknown;
}

const CONTRACTS = path.resolve("contracts");
const write = process.argv.includes("--write");
const out = write ? CONTRACTS : mkdtempSync(path.join(tmpdir(), "contracts-check-"));
if (write) for (const f of readdirSync(CONTRACTS).filter((f) => f.endsWith(".json"))) rmSync(path.join(CONTRACTS, f));

const vitest = spawnSync(process.execPath, [path.resolve("node_modules/vitest/vitest.mjs"), "run", "--project", "pact-consumer"], {
  stdio: "inherit",
  env: { ...process.env, PACT_OUTPUT_DIR: out },
});
if (write || vitest.status !== 0) process.exit(vitest.status ?? 1);

const jsonFiles = (dir: string) => new Set(readdirSync(dir).filter((f) => f.endsWith(".json")));
const keyOf = (i: Interaction) => `${i.description} | ${JSON.stringify(i.providerStates ?? [])}`;
const problems: string[] = [];
const written = jsonFiles(out);
const committed = existsSync(CONTRACTS) ? jsonFiles(CONTRACTS) : new Set<string>();
for (const file of new Set([...written, ...committed])) {
  if (!written.has(file)) problems.push(`contracts/${file}: committed, but no consumer test writes it`);
  else if (!committed.has(file)) problems.push(`contracts/${file}: written by the consumer tests, but not committed`);
  else {
    const fresh = JSON.parse(readFileSync(path.join(out, file), "utf8")) as PactFile;
    const kept = JSON.parse(readFileSync(path.join(CONTRACTS, file), "utf8")) as PactFile;
    const freshByKey = new Map(fresh.interactions.map((i) => [keyOf(i), i]));
    const keptByKey = new Map(kept.interactions.map((i) => [keyOf(i), i]));
    for (const [key, i] of freshByKey) {
      if (!keptByKey.has(key)) problems.push(`contracts/${file}: interaction missing from the committed file: ${key}`);
      else if (!isDeepStrictEqual(i, keptByKey.get(key))) problems.push(`contracts/${file}: interaction differs: ${key}`);
    }
    for (const key of keptByKey.keys()) if (!freshByKey.has(key)) problems.push(`contracts/${file}: committed interaction no consumer test writes: ${key}`);
    const { interactions: _a, ...freshRest } = fresh;
    const { interactions: _b, ...keptRest } = kept;
    if (!isDeepStrictEqual(freshRest, keptRest)) problems.push(`contracts/${file}: consumer, provider or metadata differ`);
  }
}
rmSync(out, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`\ncontracts:check: contracts/ differs from what the consumer tests write (run \`npm run contracts:write\` and commit):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`\ncontracts:check: contracts/ matches the consumer tests (${written.size} pact files).`);

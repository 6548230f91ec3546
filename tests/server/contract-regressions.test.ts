import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { applyWraps, mapObjects, staleTargets, startWireProxy } from "../../scripts/contracts-mutation-support.ts";
import { REGRESSIONS } from "../../scripts/contracts-regressions.ts";

const root = process.cwd();
const scratches: string[] = [];

/** A scratch tree with server/ and domain/ holding `files` (path relative to the tree → text). */
const tree = (files: Readonly<Record<string, string>>): string => {
  const dir = mkdtempSync(path.join(tmpdir(), "contract-regressions-"));
  scratches.push(dir);
  for (const part of ["server", "domain"]) mkdirSync(path.join(dir, part), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
};

afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("contracts:mutation regressions", () => {
  it("each regression finds the rule it breaks in today's server/ and domain/ (none is stale)", () => {
    expect(staleTargets(root, REGRESSIONS)).toEqual([]);
  });

  it("each regression changes something: a code wrap, a request or an answer", () => {
    for (const r of REGRESSIONS) expect((r.wraps?.length ?? 0) > 0 || r.request !== undefined || r.response !== undefined, r.name).toBe(true);
  });

  it("reports a wrap whose declaration is gone, or declared twice, as stale", () => {
    const dir = tree({ "server/a.ts": "export const kept = () => 1;\n", "domain/b.ts": "export function twice() {}\n", "server/c.ts": "const twice = 2;\n" });
    const stale = staleTargets(dir, [
      { name: "gone", wraps: [{ symbol: "renamedAway", wrap: "() => () => 0" }] },
      { name: "twice", wraps: [{ symbol: "twice", wrap: "() => () => 0" }] },
      { name: "fine", wraps: [{ symbol: "kept", wrap: "() => () => 0" }] },
    ]);
    expect(stale.map((s) => s.name)).toEqual(["gone", "twice"]);
    expect(stale[0]?.reasons[0]).toContain("no top-level declaration of 'renamedAway'");
    expect(() => applyWraps(dir, { name: "gone", wraps: [{ symbol: "renamedAway", wrap: "() => () => 0" }] })).toThrow(/renamedAway/);
  });

  it("wraps a declaration by its name wherever it lives, keeping its export and its callers", async () => {
    const dir = tree({
      "domain/nested.ts": "",
      "server/rule.ts": "export function price(n: number): number {\n  return n * 2;\n}\nexport const total = (n: number): number => price(n) + 1;\n",
    });
    applyWraps(dir, { name: "doubled price", wraps: [{ symbol: "price", wrap: "(original) => (n) => original(n) * 10" }] });
    expect(readFileSync(path.join(dir, "server/rule.ts"), "utf8")).toContain("function price__original(");
    const wrapped = (await import(pathToFileURL(path.join(dir, "server/rule.ts")).href)) as { price(n: number): number; total(n: number): number };
    expect(wrapped.price(1)).toBe(20);
    expect(wrapped.total(1)).toBe(21);
  });

  it("the script exits 1 and names the stale regressions before verifying anything", async () => {
    const dir = tree({ "server/empty.ts": "", "domain/empty.ts": "" });
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    const outcome = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", path.join(root, "scripts/contracts-mutation.ts"), "--check"], { cwd: dir }, (error, _stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain("STALE     cart token never checked");
    expect(outcome.stderr).toMatch(/contracts:mutation: \d+ of 21 regressions are stale/);
  }, 60_000);

  it("the proxy forwards requests and applies a regression's answer change to JSON answers", async () => {
    const { createServer } = await import("node:http");
    const upstream = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: { path: req.url, key: req.headers["idempotency-key"] ?? null, checkoutAllowed: true } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const address = upstream.address() as { port: number };
    const proxy = await startWireProxy(`http://127.0.0.1:${address.port}`, {
      name: "renamed",
      request: ({ headers: { "idempotency-key": _k, ...headers }, ...request }) => ({ ...request, headers }),
      response: (_request, response) => ({ ...response, body: mapObjects(response.body, ({ checkoutAllowed, ...o }) => (checkoutAllowed === undefined ? o : { ...o, canCheckout: checkoutAllowed })) }),
    });
    try {
      const answer = await fetch(`${proxy.baseUrl}/api/v2/carts?x=1`, { headers: { "idempotency-key": "k1" } });
      expect(await answer.json()).toEqual({ data: { path: "/api/v2/carts?x=1", key: null, canCheckout: true } });
    } finally {
      await proxy.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});

// The two ways a regression of scripts/contracts-regressions.ts reaches the provider, both anchored on what a
// refactor
// keeps:
// - a code wrap names a top-level declaration (function or const) of server/ or domain/ by its name, wherever it
// lives
// (found by name across both trees, so moving it to another file keeps the regression working), and wraps it;
// - a wire change rewrites the provider's requests or answers on their way through a proxy, by the contract's own
// paths, field names and error codes.
// A wrap whose name is found no time or more than once is stale: `staleTargets` lists it, `contracts:mutation`
// refuses
// to run, and tests/server/contract-regressions.test.ts fails.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** A code regression: the top-level declaration `symbol` of server/ or domain/ replaced by `wrap(original)`. */
export interface CodeWrap {
  /** Name of a top-level `const` or `function` (exported or not), unique across server/ and domain/. */
  readonly symbol: string;
  /** TypeScript source of a function from the original value to its replacement, e.g. `(original) => () => 0`. */
  readonly wrap: string;
}

/** A request as the proxy forwards it: method, path with its query, and headers (lower-case names). */
export interface WireRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>;
}

/** A JSON answer as the proxy returns it: status and parsed body. */
export interface WireResponse {
  readonly status: number;
  readonly body: unknown;
}

/** A provider regression: what a backend team changed, made by code wraps, a wire change, or both. */
export interface Regression {
  readonly name: string;
  readonly wraps?: ReadonlyArray<CodeWrap>;
  /** Changes each request before the provider sees it (e.g. drops a header, renames a path). */
  readonly request?: (request: WireRequest) => WireRequest;
  /** Changes each JSON answer before the verifier sees it. */
  readonly response?: (request: WireRequest, response: WireResponse) => WireResponse;
}

/** Every .ts file under `dir` (recursive, skipping dot folders), as paths relative to `root`. */
const sourceFiles = (root: string, dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return entry.name.endsWith(".ts") ? [relative] : [];
  });

/** The top-level declaration of `symbol`: `const NAME` or `function NAME`, optionally exported or async, at a line's start. */
const declarationPattern = (symbol: string): RegExp => new RegExp(`^(export )?(const|(?:async )?function) ${symbol}\\b`, "gm");

/** The files of server/ and domain/ under `root` that declare `symbol` at top level, with the number of declarations in each. */
export const declarationsOf = (root: string, symbol: string): ReadonlyArray<{ readonly file: string; readonly count: number }> =>
  ["server", "domain"]
    .flatMap((dir) => sourceFiles(root, dir))
    .map((file) => ({ file, count: readFileSync(path.join(root, file), "utf8").match(declarationPattern(symbol))?.length ?? 0 }))
    .filter((found) => found.count > 0);

/** Why `wrap` cannot be applied to the tree at `root` (its declaration is missing or not unique), or undefined when it can. */
export const staleReason = (root: string, wrap: CodeWrap): string | undefined => {
  const found = declarationsOf(root, wrap.symbol);
  const total = found.reduce((n, f) => n + f.count, 0);
  if (total === 1) return undefined;
  return total === 0
    ? `no top-level declaration of '${wrap.symbol}' in server/ or domain/`
    : `'${wrap.symbol}' is declared ${total} times (${found.map((f) => f.file).join(", ")}); it must be one`;
};

/** Each regression whose code wraps cannot be applied to the tree at `root`, with the reasons. Empty when all apply. */
export const staleTargets = (root: string, regressions: ReadonlyArray<Regression>): ReadonlyArray<{ readonly name: string; readonly reasons: ReadonlyArray<string> }> =>
  regressions
    .map((r) => ({ name: r.name, reasons: (r.wraps ?? []).map((w) => staleReason(root, w)).filter((x): x is string => x !== undefined) }))
    .filter((r) => r.reasons.length > 0);

/**
 * Applies `regression`'s code wraps to the copy at `dir`: the declaration is renamed `NAME__original` and a new
 * `NAME = (wrap)(NAME__original)` is appended to its file, keeping its export. Throws when a wrap is stale.
 */
export const applyWraps = (dir: string, regression: Regression): void => {
  for (const wrap of regression.wraps ?? []) {
    const reason = staleReason(dir, wrap);
    if (reason !== undefined) throw new Error(`regression '${regression.name}': ${reason}; update scripts/contracts-regressions.ts`);
    const file = declarationsOf(dir, wrap.symbol)[0]?.file ?? "";
    const full = path.join(dir, file);
    let exported = false;
    const text = readFileSync(full, "utf8").replace(declarationPattern(wrap.symbol), (_whole, exportWord: string | undefined, kind: string) => {
      exported = exportWord !== undefined;
      return `${kind} ${wrap.symbol}__original`;
    });
    writeFileSync(full, `${text}\n${exported ? "export " : ""}const ${wrap.symbol} = (${wrap.wrap})(${wrap.symbol}__original);\n`);
  }
};

/** `value` with `change` applied to every object inside it (children first); arrays and scalars are walked, not changed. */
export const mapObjects = (value: unknown, change: (object: Record<string, unknown>) => Record<string, unknown>): unknown => {
  if (Array.isArray(value)) return value.map((v) => mapObjects(v, change));
  if (value === null || typeof value !== "object") return value;
  const walked = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapObjects(v, change)]));
  return change(walked);
};

/** The error code of a `{error:{code}}` answer, or undefined. */
export const errorCodeOf = (body: unknown): string | undefined => {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : undefined;
};

/**
 * Starts an HTTP proxy on 127.0.0.1 in front of `target` that applies `regression`'s request and response changes
 * (JSON answers only; requests are sent without Accept-Encoding so answers arrive uncompressed). Resolves to its base
 * URL and a close function.
 */
export const startWireProxy = async (target: string, regression: Regression | undefined): Promise<{ readonly baseUrl: string; close(): Promise<void> }> => {
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const { "accept-encoding": _dropped, host: _host, ...headers } = incoming.headers;
      const original: WireRequest = { method: incoming.method ?? "GET", path: incoming.url ?? "/", headers };
      const request = regression?.request ? regression.request(original) : original;
      void (async () => {
        try {
          const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
          const sent = new Headers();
          for (const [name, value] of Object.entries(request.headers)) {
            if (value === undefined || name === "content-length") continue;
            for (const v of typeof value === "string" ? [value] : value) sent.append(name, v);
          }
          const answer = await fetch(new URL(request.path, target), { method: request.method, headers: sent, body, redirect: "manual" });
          let payload = Buffer.from(await answer.arrayBuffer());
          let status = answer.status;
          if (regression?.response && (answer.headers.get("content-type") ?? "").includes("json") && payload.length > 0) {
            const changed = regression.response(request, { status, body: JSON.parse(payload.toString("utf8")) });
            status = changed.status;
            payload = Buffer.from(JSON.stringify(changed.body));
          }
          const back: Record<string, string | string[]> = {};
          answer.headers.forEach((value, name) => {
            if (name !== "content-length" && name !== "content-encoding" && name !== "transfer-encoding" && name !== "connection") back[name] = value;
          });
          const cookies = answer.headers.getSetCookie();
          if (cookies.length > 0) back["set-cookie"] = cookies;
          outgoing.writeHead(status, { ...back, "content-length": String(payload.length) });
          outgoing.end(payload);
        } catch (error) {
          outgoing.writeHead(502, { "content-type": "text/plain" });
          outgoing.end(`contracts:mutation proxy: ${error instanceof Error ? error.message : String(error)}`);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

// What each route of the web app sends over the wire as first-load JavaScript (issue 12), shared by
// `npm run bench:bundle` (scripts/bundle-size.mjs) and the budget test (tests/budget/bundle-budget.test.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import Fastify from "fastify";
import ts from "typescript";
import { PUBLIC_DIR } from "../server/app.ts";
import { COMPRESS_OPTIONS, registerStaticSite } from "../server/http/site-routes.ts";

/** First-load JavaScript budget per route, gzipped, in bytes (issue 12: "≤ 150 KB gzipped"). */
export const FIRST_LOAD_BUDGET_GZIP = 150_000;

/** One chunk of the Vite build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: ReadonlyArray<string>;
  readonly dynamicImports?: ReadonlyArray<string>;
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

/** A route of the app's route table: its URL pattern and the lazy route modules it loads, outermost layout first. */
export interface RouteModules {
  readonly route: string;
  readonly modules: ReadonlyArray<string>;
}

/** Bytes of one route's first-load JavaScript: the entry's and its route modules' static import closure. */
export interface RouteWeight extends RouteModules {
  readonly files: ReadonlyArray<string>;
  /** Uncompressed bytes. */
  readonly raw: number;
  /** Bytes of the server's answers with accept-encoding gzip, and with br. */
  readonly gzip: number;
  readonly br: number;
  /** Gzipped bytes of the lazily imported non-route modules reachable from the first load (loaded later, on use). */
  readonly deferredGzip: number;
}

const readManifest = (distDir: string): Manifest => {
  const file = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`vite build\` first (build.manifest is on in vite.config.ts).`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

const propertyOf = (object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && property.name.text === name) return property.initializer;
  }
  return undefined;
};

/** The module a `lazy: () => import("./x.route.tsx")…` property imports, relative to the project root, or undefined. */
const lazyImportOf = (object: ts.ObjectLiteralExpression, file: string, root: string): string | undefined => {
  const lazy = propertyOf(object, "lazy");
  if (!lazy) return undefined;
  let specifier: string | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifier ??= node.arguments[0].text;
    }
    ts.forEachChild(node, visit);
  };
  visit(lazy);
  return specifier ? path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep).join("/") : undefined;
};

const joinPaths = (parent: string, child: string | undefined): string => {
  if (child === undefined) return parent || "/";
  if (child.startsWith("/")) return child;
  return `${parent.replace(/\/$/, "")}/${child}`;
};

/**
 * The routes of the app's route tables, read from the source (every object literal under ui/ with a `lazy` import,
 * nested through `children`), and every lazy route module of the build manifest (`*.route.tsx` dynamic entries)
 * that no table names, as a route of its own: so a route added anywhere is weighed without editing this file.
 * `:slug` is shown as `{slug}`.
 */
export const appRoutes = (root: string, manifest: Manifest): RouteModules[] => {
  const found: RouteModules[] = [];
  for (const file of sourceFiles(path.join(root, "ui"))) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("lazy")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node): void => {
      // A route object that renders a page: it has a lazy module and no child routes (a layout is weighed with each child).
      if (ts.isObjectLiteralExpression(node) && lazyImportOf(node, file, root) && !propertyOf(node, "children")) {
        // Walk up through `children: [...]` to the enclosing route objects: their paths and lazy layouts.
        const chain: ts.ObjectLiteralExpression[] = [];
        for (let current: ts.Node | undefined = node; current; current = current.parent) {
          if (ts.isObjectLiteralExpression(current)) chain.unshift(current);
        }
        let route = "";
        const modules: string[] = [];
        for (const object of chain) {
          const pathInit = propertyOf(object, "path");
          route = joinPaths(route, pathInit && ts.isStringLiteralLike(pathInit) ? pathInit.text : undefined);
          const module = lazyImportOf(object, file, root);
          if (module) modules.push(module);
        }
        found.push({ route: route.replace(/:([A-Za-z]+)/g, "{$1}") || "/", modules });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const named = new Set(found.flatMap((r) => r.modules));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && /\.route\.tsx$/.test(key) && !named.has(key)) found.push({ route: `(${key}, in no route table)`, modules: [key] });
  }
  for (const r of found) {
    for (const module of r.modules) if (!manifest[module]) throw new Error(`route ${r.route}: ${module} is not in the build manifest`);
  }
  return found;
};

const staticClosure = (manifest: Manifest, keys: ReadonlyArray<string>): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
};

/** Answers the built files as the shop's server does (site-routes.ts), without a database: compressed size per encoding. */
const wireSizes = async (distDir: string) => {
  const app = Fastify();
  await app.register(compress, COMPRESS_OPTIONS);
  await registerStaticSite(app, path.resolve(distDir), PUBLIC_DIR);
  await app.ready();
  const cache = new Map<string, { raw: number; gzip: number; br: number }>();
  const sizeOf = async (file: string) => {
    const known = cache.get(file);
    if (known) return known;
    const get = async (encoding: string) => {
      const response = await app.inject({ method: "GET", url: `/${file}`, headers: { "accept-encoding": encoding } });
      if (response.statusCode !== 200) throw new Error(`GET /${file}: ${response.statusCode}`);
      const sent = response.headers["content-encoding"];
      // Files under 1 KiB go uncompressed (COMPRESS_OPTIONS.threshold, the build's precompress step); larger ones never.
      if (encoding !== "identity" && sent !== encoding && response.rawPayload.length >= 1024) throw new Error(`GET /${file} with accept-encoding ${encoding} came back ${sent ?? "uncompressed"}`);
      return response.rawPayload.length;
    };
    const sizes = { raw: await get("identity"), gzip: await get("gzip"), br: await get("br") };
    cache.set(file, sizes);
    return sizes;
  };
  return { sizeOf, close: () => app.close() };
};

/** Weighs every route of the app in `distDir` (a `vite build` with its manifest). */
export const weighRoutes = async (root: string, distDir = path.join(root, "dist")): Promise<RouteWeight[]> => {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("no entry chunk in the build manifest");
  const server = await wireSizes(distDir);
  try {
    const routes = appRoutes(root, manifest);
    const weights: RouteWeight[] = [];
    for (const route of routes) {
      const keys = staticClosure(manifest, [entry, ...route.modules]);
      const files = [...new Set([...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js")))].sort();
      let raw = 0;
      let gzip = 0;
      let br = 0;
      for (const file of files) {
        const size = await server.sizeOf(file);
        raw += size.raw;
        gzip += size.gzip;
        br += size.br;
      }
      const routeModules = new Set(routes.flatMap((r) => r.modules));
      const deferredKeys = [...keys].flatMap((key) => manifest[key]?.dynamicImports ?? []).filter((key) => !routeModules.has(key));
      const deferredFiles = [...new Set([...staticClosure(manifest, deferredKeys)].map((key) => manifest[key]!.file))].filter((file) => file.endsWith(".js") && !files.includes(file));
      let deferredGzip = 0;
      for (const file of deferredFiles) deferredGzip += (await server.sizeOf(file)).gzip;
      weights.push({ ...route, files, raw, gzip, br, deferredGzip });
    }
    return weights;
  } finally {
    await server.close();
  }
};

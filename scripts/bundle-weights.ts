// What each route of the web app sends over the wire as first-load JavaScript, shared by
// `npm run bench:bundle` (scripts/bundle-size.mjs) and the budget test (tests/budget/bundle-budget.test.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import compress from "@fastify/compress";
import Fastify from "fastify";
import { SUPPORTED_LOCALES } from "../domain/locale.ts";
import { PUBLIC_DIR } from "../server/app.ts";
import { COMPRESS_OPTIONS, registerStaticSite } from "../server/http/static-site.ts";
import { closure } from "./layout-chunks.ts";
import { appRoutes, type RouteModules, sourceRouteModules } from "./route-table.ts";

/**
 * First-load JavaScript ceiling per route, gzipped, in bytes: what the build gives with every package bundled
 * as published (vite.config.ts) and the most any route may weigh; the budget test holds each route to its measured figure
 * below it (tests/budget/bundle-budget.test.ts).
 */
export const FIRST_LOAD_BUDGET_GZIP = 163_000;

/**
 * Lazy modules the web app loads before its first render, one of them per visit: the built-in messages of the
 * visitor's language (ui/i18n/load-messages.ts, awaited before the first render). Each route is weighed with the
 * heaviest, so the first load counts one language.
 */
export const FIRST_RENDER_MESSAGES = SUPPORTED_LOCALES.map((locale) => `ui/i18n/locales/${locale}.ts`);



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

/** One chunk of the Vite build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly name?: string;
  readonly imports?: ReadonlyArray<string>;
  readonly dynamicImports?: ReadonlyArray<string>;
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

const readManifest = (distDir: string): Manifest => {
  const file = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`vite build\` first (build.manifest is on in vite.config.ts).`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
};

const staticClosure = (manifest: Manifest, keys: ReadonlyArray<string>): Set<string> => closure(keys, (key) => manifest[key]?.imports ?? []);

/** Answers the built files as the shop's server does (static-site.ts), without a database: compressed size per encoding. */
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
      // The build writes a compressed copy of every file it makes smaller (vite.config.ts precompress): only a file that
      // does not compress may come back as it is.
      if (encoding !== "identity" && sent !== encoding && gzipSync(response.rawPayload, { level: 9 }).length < response.rawPayload.length) throw new Error(`GET /${file} with accept-encoding ${encoding} came back ${sent ?? "uncompressed"}`);
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
  // The app's entry (index.html) and ui/boot.ts, which a server-rendered page loads in its place: both count.
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (!entries.includes("index.html")) throw new Error("no index.html entry chunk in the build manifest");
  const server = await wireSizes(distDir);
  try {
    // A route module is its manifest key when it is the facade of its own dynamic chunk; the bundler may instead fold it
    // into a chunk of its name (key "_x.route-HASH.js", reached by a dynamic import), which is then its key.
    const folded = new Map(
      Object.entries(manifest)
        .filter(([key, chunk]) => key.startsWith("_") && chunk?.name?.endsWith(".route") && Object.values(manifest).some((c) => c?.dynamicImports?.includes(key)))
        .map(([key, chunk]) => [chunk!.name!, key] as const),
    );
    const dynamicEntries = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);
    const keyOf = new Map(dynamicEntries.map((key) => [key, key] as const));
    for (const file of sourceRouteModules(root)) if (!keyOf.has(file) && folded.has(path.basename(file).replace(/\.tsx$/, ""))) keyOf.set(file, folded.get(path.basename(file).replace(/\.tsx$/, ""))!);
    const routes = appRoutes(root, [...keyOf.keys()]).map((r) => ({ ...r, modules: r.modules.map((m) => keyOf.get(m) ?? m) }));
    const entryKeys = staticClosure(manifest, entries);
    const gzipOf = async (keys: Iterable<string>) => {
      let total = 0;
      for (const key of keys) if (!entryKeys.has(key) && manifest[key]!.file.endsWith(".js")) total += (await server.sizeOf(manifest[key]!.file)).gzip;
      return total;
    };
    let messages: string | undefined;
    let messagesGzip = -1;
    for (const key of FIRST_RENDER_MESSAGES.filter((k) => manifest[k])) {
      const gzip = await gzipOf(staticClosure(manifest, [key]));
      if (gzip > messagesGzip) [messages, messagesGzip] = [key, gzip];
    }
    if (!messages) throw new Error(`none of ${FIRST_RENDER_MESSAGES.join(", ")} is a chunk of the build`);
    // A route's message areas load with its screen, before it renders (ui/shell/lazy-screen.tsx), one language per visit.
    const heaviestArea = new Map<string, string>();
    for (const area of new Set(routes.flatMap((r) => r.messageAreas ?? []))) {
      let heaviest: [string, number] | undefined;
      // An area is weighed in its heaviest language, as the every-page messages are.
      for (const key of SUPPORTED_LOCALES.map((locale) => `ui/i18n/messages/${area}.${locale}.json`)) {
        if (!manifest[key]) throw new Error(`message area ${area}: ${key} is no chunk of the build`);
        const gzip = await gzipOf(staticClosure(manifest, [key]));
        if (!heaviest || gzip > heaviest[1]) heaviest = [key, gzip];
      }
      heaviestArea.set(area, heaviest![0]);
    }
    const weights: RouteWeight[] = [];
    for (const route of routes) {
      const keys = staticClosure(manifest, [...entries, messages, ...route.modules, ...(route.messageAreas ?? []).map((area) => heaviestArea.get(area)!)]);
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

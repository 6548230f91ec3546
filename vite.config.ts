import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { parse as parseIcu } from "@formatjs/icu-messageformat-parser";
import { closure, layoutChunkModules } from "./scripts/layout-chunks.ts";
import { appRoutes } from "./scripts/route-table.ts";
import { SUPPORTED_LOCALES } from "./domain/locale.ts";

/** Applies a plugin to the browser build only, not to the server entry's (`vite build --ssr`). */
const clientBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }): boolean => env.command === "build" && !env.isSsrBuild;

/**
 * Writes `.br` and `.gz` (Zopfli) beside every emitted text file where smaller, once per build, so the server sends
 * them as they are instead of compressing each request (docs/performance.md).
 */
const precompress = (): Plugin => ({
  name: "festival-shop:precompress",
  apply: clientBuild,
  async writeBundle(options, bundle) {
    const dir = options.dir ?? "dist";
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|mjs|css|html|svg|json)$/.test(fileName) || fileName.startsWith(".vite/")) continue;
      const file = path.join(dir, fileName);
      const bytes = await readFile(file);
      const brotli = brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      const gzip = await zopfliGzip(bytes, { numiterations: 5 });
      if (brotli.length < bytes.length) await writeFile(`${file}.br`, brotli);
      if (gzip.length < bytes.length) await writeFile(`${file}.gz`, gzip);
    }
  },
});

/**
 * Writes `.vite/route-preloads.json`: per route pattern, the JavaScript and CSS its lazy modules load beyond the
 * entry's, which the server names as preloads in that route's index.html.
 */
const routePreloads = (): Plugin => ({
  name: "festival-shop:route-preloads",
  apply: clientBuild,
  async writeBundle(options, bundle) {
    const dir = options.dir ?? "dist";
    const root = process.cwd();
    const chunks = Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [item] : []));
    // A route module is found in the chunk that holds it: usually the facade of its own dynamic chunk, but the bundler
    // may fold a route module into a shared chunk (no facade), so every chunk's modules are indexed.
    const relative = (id: string) => path.relative(root, id).split(path.sep).join("/");
    const byModule = new Map(chunks.flatMap((c) => [...c.moduleIds.map((id) => [relative(id), c] as const), ...(c.facadeModuleId ? [[relative(c.facadeModuleId), c] as const] : [])]));
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const firstLoad = (files: ReadonlyArray<string>) => closure(files, (file) => byFile.get(file)?.imports ?? []);
    const entryFiles = firstLoad(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
    const lazyModules = [...byModule.keys()].filter((module) => /\.route\.tsx$/.test(module));
    const preloads: Record<string, string[]> = {};
    for (const { route, modules } of appRoutes(root, lazyModules)) {
      const files = firstLoad(modules.map((module) => byModule.get(module)!.fileName));
      // The route's own stylesheets too: a server-rendered first paint needs them before the route's code runs.
      const entryCss = new Set([...entryFiles].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
      const css = [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]).filter((file) => !entryCss.has(file));
      preloads[route] = [...new Set([...[...files].filter((file) => !entryFiles.has(file)), ...css])].sort();
    }
    await mkdir(path.join(dir, ".vite"), { recursive: true });
    await writeFile(path.join(dir, ".vite", "route-preloads.json"), `${JSON.stringify(preloads, null, 2)}\n`);
  },
});

/**
 * Ships the built-in messages as precompiled ICU ASTs and react-intl without its ICU parser (formatjs "Remove the
 * parser"); only a shop's custom translations load the parser, lazily.
 */
const precompiledMessages = (): Plugin => ({
  name: "festival-shop:precompiled-messages",
  apply: "build",
  enforce: "pre",
  async resolveId(source, importer) {
    if (source !== "@formatjs/icu-messageformat-parser" || !importer?.includes("/node_modules/")) return null;
    return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, { skipSelf: true });
  },
  transform(code, id) {
    if (!/\/ui\/(?:i18n\/messages|upgrade\/messages)\/[^/]+\.json$/.test(id)) return null;
    const table = JSON.parse(code) as Record<string, string>;
    return { code: JSON.stringify(Object.fromEntries(Object.entries(table).map(([key, message]) => [key, parseIcu(message)]))), map: null };
  },
});

/**
 * React Aria's own texts in the shop's languages only (spec §1), by its optimize-locales plugin; the server build keeps
 * them all.
 */
const reactAriaLocales = (): Plugin => optimizeLocales.vite({ locales: [...SUPPORTED_LOCALES] }) as Plugin;

/**
 * One chunk per layout route for the layout module and what only its routes import statically
 * (scripts/layout-chunks.ts), instead of many small chunks: one file compresses better and costs one request.
 */
const layoutChunks = (): Plugin & { readonly chunkOf: Map<string, string> } => {
  const chunkOf = new Map<string, string>();
  let root = process.cwd();
  const routesOf = (ids: ReadonlyArray<string>) => appRoutes(root, ids.map((id) => path.relative(root, id).split(path.sep).join("/")).filter((id) => /\.route\.tsx$/.test(id)));
  return {
    name: "festival-shop:layout-chunks",
    apply: clientBuild,
    chunkOf,
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const found = layoutChunkModules(root, routesOf(ids), {
        entries: ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        importsOf: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        dynamicImportsOf: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      });
      chunkOf.clear();
      for (const [id, name] of found) chunkOf.set(id, name);
    },
  };
};
const layoutChunkPlugin = layoutChunks();

const apiTarget = process.env.SHOP_API_PROXY ?? "http://localhost:3000";

// One config for the web app build (Vite) and every test project (Vitest).
export default defineConfig({
  root: ".",
  plugins: [precompiledMessages(), reactAriaLocales(), react(), layoutChunkPlugin, precompress(), routePreloads()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the shop serves takes <link rel="modulepreload"> (Chromium 66, Safari 17, Firefox 115); one without
    // it still loads every module, only later. The polyfill was weight on every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two entries: the app (index.html, ui/main.tsx) and ui/boot.ts, the only script of a server-rendered page, which
      // runs the app after the first paint (the server swaps it in, page-rendering.ts withRenderedPage).
      input: { index: "index.html", boot: "ui/boot.ts" },
      // The build's time is known: most of it is Zopfli (precompress).
      checks: { bundlerTimings: false },
      // The packages every page loads (the first load's, tag $initial) in three chunks of their own: React, react-aria
      // and the rest. Left to the bundler, they were cut anew by every set of lazy modules sharing some of them (a new
      // lazy part split React's core out of react-aria's chunk, and react-query's provider out of the router's), each
      // cut costing the first load gzip's lost context and more import lists (npm run bench:bundle). React
      // first, so react-aria's chunk does not take it in. ui/polyfills.ts (the Reflect metadata tsyringe checks for when it
      // loads) travels in the vendor chunk with tsyringe, where the bundler orders modules as the entry imports them
      // (polyfills first): in a chunk of its own it would run after the vendor chunk its chunk imports.
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ["$initial"], priority: 3 },
            { name: "react-aria", test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@internationalized|clsx)[\\/]/, tags: ["$initial"], priority: 2 },
            { name: "vendor", test: /node_modules[\\/]|[\\/]ui[\\/]polyfills\.ts$/, tags: ["$initial"], priority: 1 },
            // A layout route's own modules (layoutChunks); not their dependencies, which the entries or other routes share.
            { name: (id) => layoutChunkPlugin.chunkOf.get(id) ?? null, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  // The server entry (ui/entry-server.tsx) is one self-contained file: every package bundled in, so Node needs no ESM/CJS interop at run time.
  ssr: { noExternal: true },
  server: { proxy: { "/api": apiTarget, "/test-payments": apiTarget } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/{domain,application,server,ui,docs}/**/*.test.{ts,tsx}"],
          exclude: ["tests/server/**/*.verify.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "budget",
          include: ["tests/budget/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "pact-consumer",
          include: ["tests/adapters/**/*.pact.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "pact-provider",
          include: ["tests/server/**/*.verify.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

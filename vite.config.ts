import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import optimizeLocales from "@react-aria/optimize-locales-plugin";
import { parse as parseIcu } from "@formatjs/icu-messageformat-parser";
import { closure, layoutChunkModules, layoutSharedModules } from "./scripts/layout-chunks.ts";
import { appRoutes } from "./scripts/route-table.ts";
import { SUPPORTED_LOCALES } from "./domain/locale.ts";

/** Applies a plugin to the browser build only, not to the server entry's (`vite build --ssr`, issue 12). */
const clientBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }): boolean => env.command === "build" && !env.isSsrBuild;

/**
 * Writes `name.br` (brotli 11) and `name.gz` (gzip by Zopfli, @gfx/zopfli) beside every emitted JS, CSS, HTML, SVG and
 * JSON file, each only where it is smaller than the file, once per build, so the server sends them as they are
 * (@fastify/static preCompressed, site-routes.ts) instead of compressing on every request. Small files too: a page's
 * first load has ~20 chunks under 1 KiB, which @fastify/compress otherwise compressed on every request at brotli 5.
 * Zopfli writes the gzip format any gzip reader inflates, ~3 % smaller than zlib's level 9 (issue 12, npm run
 * bench:bundle: −4 to −6 KiB of first-load JavaScript for a browser that takes gzip but not brotli), at ~10 s more
 * build time.
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
 * Writes `.vite/route-preloads.json`: per route pattern of the app's route tables (scripts/route-table.ts), the
 * JavaScript files its lazy modules load beyond the entry's, and their stylesheets. The server names them as `<link rel="modulepreload">` (CSS: `<link rel="stylesheet">`) in
 * the index.html it answers for that route (server/http/site-routes.ts), so the browser fetches the route's code with
 * the entry instead of after it has run.
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
      // The route's own stylesheets too: a server-rendered first paint (issue 12) needs them before the route's code runs.
      const entryCss = new Set([...entryFiles].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
      const css = [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]).filter((file) => !entryCss.has(file));
      preloads[route] = [...new Set([...[...files].filter((file) => !entryFiles.has(file)), ...css])].sort();
    }
    await mkdir(path.join(dir, ".vite"), { recursive: true });
    await writeFile(path.join(dir, ".vite", "route-preloads.json"), `${JSON.stringify(preloads, null, 2)}\n`);
  },
});

/**
 * Ships the built-in messages as ICU ASTs and react-intl without its ICU parser (issue 12; formatjs.github.io "Remove the
 * parser"): each `ui/i18n/messages/*.json` (and the upgrade screen's `ui/upgrade/messages/*.json`) is compiled at build time (what `formatjs compile --ast` does), and the
 * parser package, when react-intl's own modules import it, resolves to its `no-parser` build. The web app's own import
 * of the parser (ui/i18n/parse-custom-translations.ts, a lazy chunk for a shop's custom translations, which arrive as
 * strings) keeps the real one. Build only: tests and the dev server read the message strings with the parser.
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
 * Makes tsyringe import ui/polyfills.ts (the Reflect metadata API its decorators need) in the build: a real module
 * dependency, so the bundler runs the polyfill before tsyringe in any chunking, without strictExecutionOrder (which
 * wrapped every module in an init function and cost ~10 KiB gzipped of first-load JavaScript, issue 12).
 */
const reflectBeforeTsyringe = (): Plugin => ({
  name: "festival-shop:reflect-before-tsyringe",
  apply: "build",
  transform(code, id) {
    if (!/\/node_modules\/tsyringe\/dist\/esm\w*\/index\.js$/.test(id)) return null;
    return { code: `import ${JSON.stringify(path.resolve("ui/polyfills.ts"))};\n${code}`, map: null };
  },
});

/**
 * Lighter builds of three packages in every first load (issue 12, ~1.7 KiB gzipped): tsyringe's ES2015 build (its package
 * names the ES5 one as `module`, whose down-levelled classes and spreads weigh more), React 19's own
 * useSyncExternalStore for the `use-sync-external-store/shim` that react-aria and react-stately import (the shim only
 * re-implements it for React 17 and older), and react-router's `dist/production` files (its exports name only
 * `dist/development`, whose `ENABLE_DEV_WARNINGS` keeps the development warnings in: −0.5 KiB). Build only, the
 * browser's and the server renderer's alike: tests and the dev server resolve the packages as published.
 */
const modernPackageBuilds = (): Plugin => ({
  name: "festival-shop:modern-package-builds",
  apply: "build",
  enforce: "pre",
  resolveId(source) {
    if (source === "tsyringe") return path.resolve("node_modules/tsyringe/dist/esm2015/index.js");
    if (source === "react-router") return path.resolve("node_modules/react-router/dist/production/index.mjs");
    if (source === "react-router/dom") return path.resolve("node_modules/react-router/dist/production/dom-export.mjs");
    if (source === "use-sync-external-store/shim/index.js" || source === "use-sync-external-store/shim") return path.resolve("ui/use-sync-external-store-shim.ts");
    return null;
  },
});

/**
 * Lets the bundler drop the components of react-router and react-intl the app never renders (issue 12): their published
 * builds create each component at the top of a module without a `/* @__PURE__ *\/` mark (`var Link =
 * React10.forwardRef(…)`, `const FormattedDate = createFormattedComponent(…)`) and name it by a property write
 * (`Link.displayName = "Link"`), both of which the bundler must keep as possible side effects, so every component
 * stayed in with what it calls (Link, NavLink, Form and the data routers' fetchers and prefetching; react-intl's
 * Formatted* components). This marks those top-level creations pure and leaves out the top-level `displayName` writes
 * (names for React's developer tools, which a production build does not run). Build only; npm run bench:bundle:
 * −4.4 KiB gzipped on every route.
 */
const PURE_COMPONENT_FACTORIES = /^((?:var|const|let) [\w$]+ = )((?:React\d*\.)?(?:createContext|forwardRef|memo|createFormattedComponent|createFormattedDateTimePartsComponent)\()/gm;
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = [^;\n]+;$/gm;
const pureLibraryComponents = (): Plugin => ({
  name: "festival-shop:pure-library-components",
  apply: "build",
  transform(code, id) {
    if (!/\/node_modules\/(?:react-router\/dist\/production\/chunk-\w+\.mjs|react-intl\/index\.js)$/.test(id)) return null;
    return { code: code.replace(PURE_COMPONENT_FACTORIES, "$1/* @__PURE__ */ $2").replace(TOP_LEVEL_DISPLAY_NAME, ""), map: null };
  },
});

/**
 * React Aria's own texts (a number field's "Increase"/"Decrease", a dialog's "Dismiss", …) in the shop's languages only
 * (spec §1: en, nl, es), by React Aria's optimize-locales plugin: its packages import every widget's strings in ~34
 * locales, which every chunk with such a widget carried (issue 12; npm run bench:bundle: the number field's chunk 9.1 →
 * 7.2 KiB gzipped). It resolves the other locales' modules to an empty one in the browser build, the dev server and the
 * tests alike; the server build keeps them all.
 */
const reactAriaLocales = (): Plugin => optimizeLocales.vite({ locales: [...SUPPORTED_LOCALES] }) as Plugin;

/**
 * Two chunks per layout route instead of the two dozen small ones the bundler cuts by which lazy modules share what
 * (issue 12; one file compresses better than many, and each costs a request). The layout's own chunk: the layout module
 * and what only the routes under it import statically (scripts/layout-chunks.ts layoutChunkModules, read from the
 * module graph once it is complete, buildEnd): −2.1 KiB gzipped on every route under /{slug}. Its shared chunk
 * (`shop-layout-shared`): what every route under the layout loads beyond the entries and the layout's own chunk, the
 * pieces it shares with pages outside it (the site header, the Button, the icons; layoutSharedModules), and the small
 * pieces two or more of its routes load (SMALL_CHUNK_SIZE). Which modules those are shows only once the bundler has
 * resolved the packages' index modules to the modules really used, so a first build in memory (no files written, the
 * same config without this step) finds them, at ~3 s more build time: −3 KiB on every route under /{slug}, +1.6 KiB on
 * `/`; the small pieces −0.35 to −1 KiB more on the shop's routes, +0.2 on `/`.
 */
const PREPASS = "FESTIVAL_SHOP_LAYOUT_PREPASS";
const layoutChunks = (): Plugin & { readonly chunkOf: Map<string, string> } => {
  const chunkOf = new Map<string, string>();
  const sharedOf = new Map<string, string>();
  let root = process.cwd();
  const routesOf = (ids: ReadonlyArray<string>) => appRoutes(root, ids.map((id) => path.relative(root, id).split(path.sep).join("/")).filter((id) => /\.route\.tsx$/.test(id)));
  return {
    name: "festival-shop:layout-chunks",
    apply: clientBuild,
    chunkOf,
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      sharedOf.clear();
      if (process.env[PREPASS]) return;
      const { build } = await import("vite");
      process.env[PREPASS] = "1";
      try {
        const result = await build({ root, configFile: path.join(root, "vite.config.ts"), logLevel: "silent", build: { write: false, emptyOutDir: false } });
        const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
        const chunks = outputs.flatMap((item) => (item.type === "chunk" ? [{ fileName: item.fileName, moduleIds: item.moduleIds, imports: item.imports, isEntry: item.isEntry, size: item.code.length }] : []));
        const ids = [...new Set(chunks.flatMap((c) => c.moduleIds))];
        for (const [id, name] of layoutSharedModules(root, routesOf(ids), chunks)) sharedOf.set(id, name);
      } finally {
        delete process.env[PREPASS];
      }
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const found = layoutChunkModules(root, routesOf(ids), {
        entries: ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        importsOf: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        dynamicImportsOf: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      });
      chunkOf.clear();
      for (const [id, name] of [...found, ...sharedOf]) chunkOf.set(id, name);
    },
  };
};
const layoutChunkPlugin = layoutChunks();

const apiTarget = process.env.SHOP_API_PROXY ?? "http://localhost:3000";

// One config for the web app build (Vite) and every test project (Vitest).
export default defineConfig({
  root: ".",
  plugins: [precompiledMessages(), modernPackageBuilds(), pureLibraryComponents(), reactAriaLocales(), reflectBeforeTsyringe(), react(), layoutChunkPlugin, precompress(), routePreloads()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the shop serves takes <link rel="modulepreload"> (Chromium 66, Safari 17, Firefox 115); one without
    // it still loads every module, only later. The polyfill was 0.2 KiB of every first load (issue 12).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two entries: the app (index.html, ui/main.tsx) and ui/boot.ts, the only script of a server-rendered page, which
      // runs the app after the first paint (issue 12; the server swaps it in, site-routes.ts withRenderedPage).
      input: { index: "index.html", boot: "ui/boot.ts" },
      // The build's time is known: ~14 s of it is Zopfli (precompress), ~3 s the layout pre-pass (layoutChunks).
      checks: { bundlerTimings: false },
      // The packages every page loads (the first load's, tag $initial) in three chunks of their own: React, react-aria
      // and the rest. Left to the bundler, they were cut anew by every set of lazy modules sharing some of them (a new
      // lazy part split React's core out of react-aria's chunk, and react-query's provider out of the router's), each
      // cut costing the first load gzip's lost context and more import lists (issue 12, npm run bench:bundle: -1.0 KiB
      // on / and -0.9 KiB on the checkout; without the groups the lazy parts cut the base anew, +1.6 KiB on /). React
      // first, so react-aria's chunk does not take it in.
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ["$initial"], priority: 3 },
            { name: "react-aria", test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@internationalized|clsx)[\\/]/, tags: ["$initial"], priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
            // A layout route's own modules and its shared ones (layoutChunks); not their dependencies, which the entries or other routes share.
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
          include: ["tests/{domain,application,server,ui}/**/*.test.{ts,tsx}"],
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

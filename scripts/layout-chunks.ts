// Which modules of the web app travel in a layout route's own chunk (issue 12; vite.config.ts layoutChunks gives the
// answer to the bundler's chunk groups). Kept apart from the config so the rule is tested on a graph of its own
// (tests/budget/layout-chunks.test.ts).
import path from "node:path";
import type { RouteModules } from "./route-table.ts";

/** The module graph as the bundler knows it once every module is loaded: ids are absolute paths. */
export interface ModuleGraph {
  /** The build's entries (index.html's script, ui/boot.ts). */
  readonly entries: ReadonlyArray<string>;
  /** A module's static imports. */
  readonly importsOf: (id: string) => ReadonlyArray<string>;
  /** A module's dynamic imports (`import()`). */
  readonly dynamicImportsOf: (id: string) => ReadonlyArray<string>;
}

/**
 * Every node reached from `starts` along `next` (`starts` included), not entering (nor counting) a node `stop` names:
 * the modules a module imports, or the files a chunk loads statically (its `imports`), by the build's ids or file names.
 */
export const closure = (starts: Iterable<string>, next: (id: string) => ReadonlyArray<string>, stop: (id: string) => boolean = () => false): Set<string> => {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
};

/**
 * Module id → chunk name (the layout module's file name without `.tsx`, e.g. `shop-layout.route`) for each layout route
 * of `routes` (a route module that some route lists before its own page module; paths relative to `root`): the layout
 * module and what it imports statically, except modules the entries import statically (they load on every page) and
 * modules a page outside the layout may load, i.e. those the entries reach through static and dynamic imports without
 * entering a route module under the layout. Every route under the layout loads all of them with its first load, and no
 * page outside it loads any; as one chunk they compress better than the dozen the bundler cuts by sharing.
 */
export const layoutChunkModules = (root: string, routes: ReadonlyArray<RouteModules>, graph: ModuleGraph): Map<string, string> => {
  const initial = closure(graph.entries, graph.importsOf);
  const chunkOf = new Map<string, string>();
  for (const layout of new Set(routes.flatMap((r) => r.modules.slice(0, -1)))) {
    const under = new Set(routes.filter((r) => r.modules.includes(layout)).flatMap((r) => r.modules.map((m) => path.resolve(root, m))));
    const outside = closure(graph.entries, (id) => [...graph.importsOf(id), ...graph.dynamicImportsOf(id)], (id) => under.has(id));
    const name = path.basename(layout, ".tsx");
    for (const id of closure([path.resolve(root, layout)], graph.importsOf, (id) => initial.has(id) || outside.has(id))) chunkOf.set(id, name);
  }
  return chunkOf;
};

/** A chunk of a build as the bundler wrote it: its file, the modules it holds (absolute ids), the files it imports statically and its code's length (characters). */
export interface BuiltChunk {
  readonly fileName: string;
  readonly moduleIds: ReadonlyArray<string>;
  readonly imports: ReadonlyArray<string>;
  readonly isEntry: boolean;
  readonly size: number;
}

/**
 * Below this many characters of code a chunk costs the routes that load it more as a file of its own (a request, an
 * import list naming it, gzip's framing and lost context: ~100 bytes gzipped) than its code costs, gzipped, the routes
 * under the layout that do not need it when it rides in the layout's shared chunk (issue 12, npm run bench:bundle).
 */
export const SMALL_CHUNK_SIZE = 400;

/**
 * Module id → chunk name (`shop-layout-shared` for ui/shell/shop-layout.route.tsx) of the modules that every route
 * under a layout loads with its first load in `chunks` (a build with the layout chunks of layoutChunkModules), beyond
 * the entries' chunks and the layout's own chunk: the pieces the layout shares with pages outside it (the site header,
 * its icons, the Button) that the bundler cuts into as many small files as there are sets of lazy modules sharing them.
 * A page outside the layout that needs one of them loads them all; every route under it loads them anyway. With them
 * the small pieces (under SMALL_CHUNK_SIZE) that two or more routes under the layout and no page outside it load: the
 * money format, an icon, a react-aria helper, cheaper in the shared chunk than as a file of their own.
 */
export const layoutSharedModules = (root: string, routes: ReadonlyArray<RouteModules>, chunks: ReadonlyArray<BuiltChunk>): Map<string, string> => {
  const byFile = new Map(chunks.map((c) => [c.fileName, c] as const));
  const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
  const firstLoad = (files: Iterable<string>) => closure(files, (file) => byFile.get(file)?.imports ?? []);
  const entryFiles = firstLoad(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const routeLoad = (route: RouteModules) => firstLoad(route.modules.flatMap((m) => byModule.get(path.resolve(root, m))?.fileName ?? []));
  const chunkOf = new Map<string, string>();
  for (const layout of new Set(routes.flatMap((r) => r.modules.slice(0, -1)))) {
    const layoutFile = byModule.get(path.resolve(root, layout))?.fileName;
    const under = routes.filter((r) => r.modules.includes(layout));
    if (!layoutFile || under.length === 0) continue;
    const loads = under.map(routeLoad);
    const outside = routes.filter((r) => !r.modules.includes(layout)).map(routeLoad);
    const loadedBy = (file: string) => loads.filter((files) => files.has(file)).length;
    const small = (file: string) => byFile.get(file)!.size < SMALL_CHUNK_SIZE && loadedBy(file) >= 2 && outside.every((files) => !files.has(file));
    const shared = [...new Set(loads.flatMap((files) => [...files]))].filter((file) => file !== layoutFile && !entryFiles.has(file) && (loadedBy(file) === loads.length || small(file)));
    const name = `${path.basename(layout, ".tsx").replace(/\.route$/, "")}-shared`;
    for (const file of shared) for (const id of byFile.get(file)!.moduleIds) chunkOf.set(id, name);
  }
  return chunkOf;
};

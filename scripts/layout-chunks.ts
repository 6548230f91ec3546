// Which modules of the web app travel in a layout route's own chunk (vite.config.ts layoutChunks gives the
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
 * Module id to chunk name per layout route: the layout module and what only its routes import statically, leaving out
 * what the entries or pages outside the layout load.
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

import type { FastifyInstance } from "fastify";

/** One registered route: HTTP method and Fastify path template (`/api/v2/carts/:cartId`, `/*`). */
export interface DiscoveredRoute {
  readonly method: string;
  readonly path: string;
}

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route of a ready Fastify app, read from `app.printRoutes({ commonPrefix: false })` (the radix tree: each line's
 * segment is appended to its parent's path). HEAD mirrors of GET are left out. Sorted by path, then method.
 */
export const discoverRoutes = (app: FastifyInstance): DiscoveredRoute[] => {
  const stack: string[] = [];
  const routes: DiscoveredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const segment = match[2] ?? "";
    const parent = depth === 0 ? "" : (stack[depth - 1] ?? "");
    const full = depth === 0 && !segment.startsWith("/") ? `/${segment}` : `${parent}${segment}`;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim()).filter(Boolean)) {
      if (method !== "HEAD") routes.push({ method, path: full });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
};

/** The `:name` parameters of a path template, in order. */
export const paramNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? "");

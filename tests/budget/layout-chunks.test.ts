import { describe, expect, it } from "vitest";
import { layoutChunkModules, type ModuleGraph } from "../../scripts/layout-chunks.ts";

// Which modules travel in a layout route's own chunk (scripts/layout-chunks.ts, vite.config.ts layoutChunks).
// A made-up app: an entry with a route table, a shop layout with two pages under it, a page outside it and a lazy part
// the entry imports.
const root = "/app";
const graph = (imports: Record<string, string[]>, dynamicImports: Record<string, string[]>): ModuleGraph => ({
  entries: ["/app/main.tsx"],
  importsOf: (id) => imports[id] ?? [],
  dynamicImportsOf: (id) => dynamicImports[id] ?? [],
});
const routes = [
  { route: "/", modules: ["home.route.tsx"] },
  { route: "/{slug}", modules: ["shop-layout.route.tsx", "overview.route.tsx"] },
  { route: "/{slug}/tickets", modules: ["shop-layout.route.tsx", "tickets.route.tsx"] },
];
const app = graph(
  {
    "/app/main.tsx": ["/app/react.ts", "/app/app.tsx"],
    "/app/app.tsx": ["/app/react.ts"],
    "/app/shop-layout.route.tsx": ["/app/header.tsx", "/app/button.tsx", "/app/react.ts", "/app/price.ts"],
    "/app/header.tsx": ["/app/flow.tsx", "/app/icons.ts"],
    "/app/home.route.tsx": ["/app/button.tsx"],
    "/app/language-picker.tsx": ["/app/icons.ts"],
    "/app/tickets.route.tsx": ["/app/price.ts", "/app/item-list.tsx"],
  },
  {
    "/app/app.tsx": ["/app/home.route.tsx", "/app/shop-layout.route.tsx", "/app/overview.route.tsx", "/app/tickets.route.tsx", "/app/language-picker.tsx"],
    "/app/header.tsx": ["/app/cart-modal.tsx"],
  },
);

describe("layoutChunkModules", () => {
  it("puts the layout and what only the routes under it import in the layout's chunk, named after the layout module", () => {
    const chunkOf = layoutChunkModules(root, routes, app);
    expect([...chunkOf.keys()].sort()).toEqual(["/app/flow.tsx", "/app/header.tsx", "/app/price.ts", "/app/shop-layout.route.tsx"]);
    expect(new Set(chunkOf.values())).toEqual(new Set(["shop-layout.route"]));
  });

  it("leaves out what the entries load on every page, what a route outside the layout imports and what a lazy part reachable outside it imports", () => {
    const chunkOf = layoutChunkModules(root, routes, app);
    expect(chunkOf.has("/app/react.ts")).toBe(false); // the entries'
    expect(chunkOf.has("/app/button.tsx")).toBe(false); // the home route's too
    expect(chunkOf.has("/app/icons.ts")).toBe(false); // the language picker's too, which / may load
  });

  it("leaves out the pages' own modules and the layout's lazy parts: they load with the page or on use", () => {
    const chunkOf = layoutChunkModules(root, routes, app);
    expect(chunkOf.has("/app/item-list.tsx")).toBe(false);
    expect(chunkOf.has("/app/tickets.route.tsx")).toBe(false);
    expect(chunkOf.has("/app/cart-modal.tsx")).toBe(false);
  });

  it("makes no layout chunk when the app has no layout route", () => {
    expect(layoutChunkModules(root, [routes[0]!], app).size).toBe(0);
  });
});

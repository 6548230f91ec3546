import { describe, expect, it } from "vitest";
import { layoutChunkModules, layoutSharedModules, type ModuleGraph, SMALL_CHUNK_SIZE } from "../../scripts/layout-chunks.ts";

// Issue 12: which modules travel in a layout route's own chunk and in its shared one (scripts/layout-chunks.ts, vite.config.ts layoutChunks).
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

describe("layoutChunkModules (issue 12)", () => {
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

// The same app as the bundler might cut it: entries, the layout's chunk, a chunk every page loads with the layout (the
// header's Button), one only / loads with it, and the pages' own.
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false, size = 5000) => ({ fileName, moduleIds, imports, isEntry, size });
const built = [
  chunk("index.js", ["/app/main.tsx", "/app/app.tsx"], ["react.js"], true),
  chunk("react.js", ["/app/react.ts"]),
  chunk("home.route.js", ["/app/home.route.tsx"], ["button.js", "icons.js"]),
  chunk("shop-layout.route.js", ["/app/shop-layout.route.tsx", "/app/header.tsx", "/app/flow.tsx"], ["button.js", "price.js", "react.js"]),
  chunk("button.js", ["/app/button.tsx"]),
  chunk("icons.js", ["/app/icons.ts"]),
  chunk("price.js", ["/app/price.ts"]),
  chunk("overview.route.js", ["/app/overview.route.tsx"], ["price.js"]),
  chunk("tickets.route.js", ["/app/tickets.route.tsx", "/app/item-list.tsx"], ["price.js", "icons.js"]),
];

describe("layoutSharedModules (issue 12)", () => {
  it("groups what every route under the layout loads beyond the entries and the layout's own chunk, named after the layout", () => {
    const chunkOf = layoutSharedModules(root, routes, built);
    expect([...chunkOf.keys()].sort()).toEqual(["/app/button.tsx", "/app/price.ts"]);
    expect(new Set(chunkOf.values())).toEqual(new Set(["shop-layout-shared"]));
  });

  it("leaves out what only some routes under the layout load, the entries' chunks and the layout's own chunk", () => {
    const chunkOf = layoutSharedModules(root, routes, built);
    expect(chunkOf.has("/app/icons.ts")).toBe(false); // the tickets page's, not the overview's
    expect(chunkOf.has("/app/react.ts")).toBe(false);
    expect(chunkOf.has("/app/header.tsx")).toBe(false);
    expect(chunkOf.has("/app/item-list.tsx")).toBe(false);
  });

  it("adds the small pieces (under SMALL_CHUNK_SIZE) that two or more routes under the layout load and no page outside it does", () => {
    // A third page under the layout; small chunks the tickets page and the checkout share, or one of them alone, or with `/`.
    const withCheckout = [...routes, { route: "/{slug}/checkout", modules: ["shop-layout.route.tsx", "checkout.route.tsx"] }];
    const small = SMALL_CHUNK_SIZE - 1;
    const app3 = [
      ...built.filter((c) => c.fileName !== "tickets.route.js" && c.fileName !== "home.route.js"),
      chunk("home.route.js", ["/app/home.route.tsx"], ["button.js", "icons.js", "star.js"]),
      chunk("tickets.route.js", ["/app/tickets.route.tsx"], ["price.js", "money.js", "star.js", "form.js"]),
      chunk("checkout.route.js", ["/app/checkout.route.tsx"], ["price.js", "money.js", "trash.js", "star.js", "form.js"]),
      chunk("money.js", ["/app/money.tsx"], [], false, small),
      chunk("trash.js", ["/app/trash.ts"], [], false, small),
      chunk("star.js", ["/app/star.ts"], [], false, small),
      chunk("form.js", ["/app/form.tsx"], [], false, SMALL_CHUNK_SIZE),
    ];
    const chunkOf = layoutSharedModules(root, withCheckout, app3);
    expect([...chunkOf.keys()].sort()).toEqual(["/app/button.tsx", "/app/money.tsx", "/app/price.ts"]);
    // trash: one route only; star: `/` loads it too; form: not small.
  });

  it("makes no shared chunk when the app has no layout route", () => {
    expect(layoutSharedModules(root, [routes[0]!], built).size).toBe(0);
  });
});

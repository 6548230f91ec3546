import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_BUDGET_GZIP, type RouteWeight, weighRoutes } from "../../scripts/bundle-weights.ts";

// First-load JavaScript per route, gzipped, as the server sends it. Sizes of a build are deterministic, so this is a
// plain assertion on bytes (no timing). Reads dist/: `npm run test:budget` builds first.
//
// The ceiling is FIRST_LOAD_BUDGET_GZIP for every route, as the server sends it to a browser that takes gzip
// (the build's Zopfli .gz files; brotli, which every current browser takes, is smaller still), with every package
// bundled as published: no plugin rewrites a dependency or picks its internal files (vite.config.ts). Each route is
// held to its own measured figure (npm run bench:bundle), rounded up to the next thousand bytes, so a change
// that adds to a first load is seen here and its ceiling raised knowingly, never past the budget. The first load of
// `/` (react-dom, react-router, react-aria's core, react-intl without its parser, react-query, tsyringe, one language's
// messages of every page) is the base; a route under /{slug} adds the shop layout's chunk, what it shares with its
// page and the page's own modules (docs/performance.md has the weights). effect's runtime, Schema, the HTTP adapters and the use cases that run Effects load after
// the first render, on the first call (ui/use-cases.tsx, adapters/browser-composition.ts); the pages outside a shop
// load none of the shop frame (ui/shell/site-header.tsx). Overlays (the error modal, toasts, cookie consent, the
// save-time layer, the wishlist modal, the header menus) and every Select (on its first use) load after the first
// paint; the travel screens' number fields with the hotel data they show (ui/travel/stepper-field.tsx); the transport
// comparison's request form after the page works, and the checkout's details section (form, refund choice, terms,
// Place order) likewise (lazyPart deferHydration); the colour library only on a client-side switch to a shop (the
// server hands the theme's colours over, ui/theme/theme.queries.ts); the other two languages and the ICU parser
// (custom translations with ICU syntax) on use; parts of a screen a visitor sees only in some states (the countdown
// with a cart, the checkout's payment panel once ordered, its shipping country with merchandise and refund choice
// above the total in upgrade mode, ui/common/lazy-part.tsx) when shown. A route added later is held to
// FIRST_LOAD_BUDGET_GZIP.
const MEASURED_CEILINGS_GZIP: Readonly<Record<string, number>> = {
  "/": 141_000,
  "/login": 140_000,
  "/my-festival": 142_000,
  // The overview and the extras carry the add-on shop's lazy part (ui/items/add-on-shop.tsx: its preload list).
  "/{slug}": 153_000,
  "/{slug}/tickets": 160_000,
  "/{slug}/tickets/{id}": 159_000,
  "/{slug}/packages": 159_000,
  "/{slug}/membership": 159_000,
  "/{slug}/merchandise": 162_000,
  "/{slug}/extras": 160_000,
  "/{slug}/extras/{id}": 159_000,
  "/{slug}/travel": 159_000,
  "/{slug}/travel/{detail}": 161_000,
  "/{slug}/traveladdon": 160_000,
  // The add-on waiting list's texts (traveladdon.waitlist.*) come with the traveladdon area.
  "/{slug}/traveladdon/{detail}": 161_000,
  "/{slug}/transportation": 161_000,
  "/{slug}/transportation/{variant}": 161_000,
  "/{slug}/transport": 161_000,
  "/{slug}/transport/{variant}": 161_000,
  "/{slug}/comparetransport": 161_000,
  "/{slug}/comparetransport/{variant}": 161_000,
  "/{slug}/upgrade": 163_000,
  "/{slug}/register": 154_000,
  "/{slug}/checkout": 162_000,
  "/{slug}/paymentstatus": 153_000,
};

const weights: RouteWeight[] = await weighRoutes(process.cwd());
const ceilingOf = (route: string) => Math.min(FIRST_LOAD_BUDGET_GZIP, MEASURED_CEILINGS_GZIP[route] ?? FIRST_LOAD_BUDGET_GZIP);

describe("first-load JavaScript budget per route", () => {
  it("holds no measured ceiling above the budget and weighs every route that has one", () => {
    for (const [route, ceiling] of Object.entries(MEASURED_CEILINGS_GZIP)) {
      expect(ceiling, route).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP);
      expect(weights.find((w) => w.route === route)?.gzip, route).toBeLessThanOrEqual(ceiling);
    }
  });

  it("finds the shop's routes in the route table and the build", () => {
    expect(weights.map((w) => w.route)).toEqual(expect.arrayContaining(["/", "/{slug}", "/{slug}/tickets", "/{slug}/checkout"]));
  });

  it.each(weights.map((w) => [w.route, w] as const))("%s stays within its gzipped first-load ceiling", (route, weight) => {
    expect(weight.gzip, `${route}: ${weight.files.join(", ")}`).toBeLessThanOrEqual(ceilingOf(route));
  });

  it("keeps single sign-on (oidc-client-ts) out of the first load of every route", () => {
    for (const weight of weights) expect(weight.files.filter((file) => /\/oidc-single-sign-on-/.test(file)), weight.route).toEqual([]);
  });

  it("runs the Reflect metadata polyfill (ui/polyfills.ts) before tsyringe, which checks for it when it loads: both in one chunk, the polyfill first", () => {
    const scripts = readdirSync("dist/assets").filter((file) => file.endsWith(".js")).map((file) => readFileSync(path.join("dist/assets", file), "utf8"));
    const withTsyringe = scripts.filter((code) => code.includes("tsyringe requires a reflect polyfill"));
    expect(withTsyringe).toHaveLength(1);
    const code = withTsyringe[0]!;
    expect(code.indexOf("hasOwnMetadata")).toBeGreaterThanOrEqual(0);
    expect(code.indexOf("hasOwnMetadata")).toBeLessThan(code.indexOf("tsyringe requires a reflect polyfill"));
  });

  it("carries React Aria's widget strings in the shop's languages only (en, nl, es; vite.config.ts reactAriaLocales)", () => {
    // A number field's own name in five of the ~34 languages React Aria ships; the build holds the shop's three and no other.
    const scripts = readdirSync("dist/assets").filter((file) => file.endsWith(".js")).map((file) => readFileSync(path.join("dist/assets", file), "utf8"));
    const shipped = (text: string) => scripts.some((code) => code.includes(text));
    expect(["Number field", "Getalveld", "Campo de número"].map(shipped)).toEqual([true, true, true]);
    expect(["Nummernfeld", "Champ de nombre"].map(shipped)).toEqual([false, false]);
  });

  it("keeps effect's runtime and Schema out of the first load of every route (they load with the first use case call)", () => {
    // Every module of effect names itself with a "~effect/<Module>" key; no first-load file may hold one.
    for (const weight of weights) expect(weight.files.filter((file) => readFileSync(path.join("dist", file), "utf8").includes("~effect/")), weight.route).toEqual([]);
    expect(readdirSync("dist/assets").some((file) => file.endsWith(".js") && readFileSync(path.join("dist/assets", file), "utf8").includes("~effect/"))).toBe(true);
  });

  it("keeps the overlays out of every first load: error modal, toasts, cookie consent, save-time modal, language picker, step dropdown, header menus, selects, wishlist modal, an item's perks", () => {
    const overlay = /\/(error-modal|toast-region|cookie-consent-dialog|save-time-dialog|language-select|step-select|header-menus|select-field|wishlist-modal|perks)-[\w-]+\.js$/;
    // Each is its own chunk, found beside the first loads (a lazy chunk of the build), never in them.
    expect(weights.some((w) => w.deferredGzip > 0)).toBe(true);
    for (const weight of weights) expect(weight.files.filter((file) => overlay.test(`/${file}`)), weight.route).toEqual([]);
  });

  it("keeps the lazy parts out of the static first loads: the frame's countdown and save-time layer and the upsell panel and tiles on every route; the checkout's travel group, wishlist save, unlock banner, shipping country, refund choice, details section and payment panel on the checkout", () => {
    // A page that shows one names its chunk in its boot plan (ui/common/lazy-part.tsx). The tickets route's upsell
    // panel, with its offers, is a part a shop with upsell Yes loads (ui/tickets/tickets.route.tsx).
    const chunk = (names: string) => new RegExp(`/(${names})-[\\w-]+\\.js$`);
    const frame = chunk("countdown-bar|save-time|upsell-slider|upsell-panel|upsell-offers");
    const checkout = chunk("travel-basket-group|wishlist-save|upgrade-unlock-banner|shipping-country-select|refund-choice-field|checkout-details|payment-panel");
    expect(readdirSync("dist/assets").filter((file) => (frame.test(`/${file}`) || checkout.test(`/${file}`)) && file.endsWith(".js")).length).toBeGreaterThanOrEqual(11);
    for (const weight of weights) expect(weight.files.filter((file) => frame.test(`/${file}`)), weight.route).toEqual([]);
    expect(weights.find((w) => w.route === "/{slug}/checkout")?.files.filter((file) => checkout.test(`/${file}`))).toEqual([]);
  });

  it("weighs each route with the message areas its screens name and no other (ui/i18n/message-areas.tsx): every page's messages hold no area's", () => {
    const areaNames = [...new Set(weights.flatMap((w) => w.messageAreas ?? []))];
    expect(areaNames).toEqual(expect.arrayContaining(["items", "travel", "checkout", "register", "paymentstatus"]));
    const areaChunk = new RegExp(`^assets/(${areaNames.join("|")})\\.(?:en|nl|es)-[\\w-]+\\.js$`);
    const areasOf = (weight: RouteWeight) => weight.files.flatMap((file) => areaChunk.exec(file)?.[1] ?? []).sort();
    expect(areasOf(weights.find((w) => w.route === "/{slug}/tickets")!)).toEqual(["items"]);
    for (const weight of weights) expect(areasOf(weight), weight.route).toEqual([...(weight.messageAreas ?? [])].sort());
  });

  it("loads the shop layout's own modules as one chunk with every route under /{slug}, and with no route outside it (vite.config.ts layoutChunks)", () => {
    const layoutChunk = (weight: RouteWeight) => weight.files.filter((file) => /^assets\/shop-layout\.route-[\w-]+\.js$/.test(file));
    for (const weight of weights) expect(layoutChunk(weight), weight.route).toHaveLength(weight.route.startsWith("/{slug}") ? 1 : 0);
  });

  it("writes a .gz and .br beside each file the server sends precompressed that inflate to the file itself (Zopfli's gzip, brotli 11)", () => {
    const assets = readdirSync("dist/assets").filter((file) => /\.(js|css)$/.test(file));
    const written = assets.filter((file) => existsSync(`dist/assets/${file}.gz`));
    expect(written.length).toBeGreaterThan(assets.length / 2);
    for (const file of written) {
      const bytes = readFileSync(`dist/assets/${file}`);
      expect(gunzipSync(readFileSync(`dist/assets/${file}.gz`)).equals(bytes), `${file}.gz`).toBe(true);
      if (existsSync(`dist/assets/${file}.br`)) expect(brotliDecompressSync(readFileSync(`dist/assets/${file}.br`)).equals(bytes), `${file}.br`).toBe(true);
    }
  });

  it("weighs every route of the route table", () => {
    expect(weights.filter((w) => w.route.includes("in no route table"))).toEqual([]);
  });
});

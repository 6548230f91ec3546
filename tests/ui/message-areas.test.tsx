// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { act, cleanup, render, screen } from "@testing-library/react";
import { FormattedMessage, IntlProvider } from "react-intl";
import { prerenderToNodeStream } from "react-dom/static";
import { afterEach, describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { sourceFiles } from "../../scripts/route-table.ts";
import { lazyPart } from "../../ui/common/lazy-part.tsx";
import { preloadParts, RenderedParts } from "../../ui/common/part-preloads.ts";
import { AreaMessages, MESSAGE_AREAS } from "../../ui/i18n/message-areas.tsx";
import en from "../../ui/i18n/locales/en.ts";

afterEach(cleanup);

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
/** A module's source without its comments (a docstring's example is not an import or a key in use). */
const code = (file: string) => read(file).replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");

/** The project's TypeScript files below `dir`, as project-relative paths. */
const sourceFilesBelow = (dir: string): string[] => sourceFiles(path.join(ROOT, dir)).map((file) => path.relative(ROOT, file).split(path.sep).join("/"));

/**
 * The modules of the web app's screens a module imports at run time: static and dynamic imports and re-exports of
 * ui/ and domain/ files (`import type` carries no code). Not application/ or adapters/: what a use case answers is
 * shown by the screen that called it, which names the keys it formats.
 */
const importsOf = (file: string): string[] =>
  [...code(file).matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?"(\.[^"]+)"|import\("(\.[^"]+)"\)/gm)]
    .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), (m[1] ?? m[2])!)))
    .filter((dep) => /^(ui|domain)\/.*\.tsx?$/.test(dep));

/** Every message key of the built-in tables by the area whose file holds it ("base": every page's, ui/i18n/locales/*.ts). */
const areaOfKey = new Map<string, string>([
  ...Object.keys(en).map((key) => [key, "base"] as const),
  ...Object.keys(MESSAGE_AREAS).flatMap((area) => Object.keys(JSON.parse(read(`ui/i18n/messages/${area}.en.json`)) as object).map((key) => [key, area] as const)),
]);

/** The message keys a module names: its string literals that are keys, and every key under a template's prefix (`items.membership.${x}`). */
const keysOf = (file: string): string[] => {
  const source = code(file);
  const literals = [...source.matchAll(/["'`]([\w.-]+)["'`]/g)].map((m) => m[1]!).filter((key) => areaOfKey.has(key));
  const prefixes = [...source.matchAll(/`([\w.-]+\.)\$\{/g)].map((m) => m[1]!);
  return [...literals, ...[...areaOfKey.keys()].filter((key) => prefixes.some((prefix) => key.startsWith(prefix)))];
};

/** The screens of the route table (ui/app.tsx `screen(() => import("./x.route.tsx"), "X", ["area"])`) and the areas each names. */
const screens = [...read("ui/app.tsx").matchAll(/screen\(\(\) => import\("(\.[^"]+)"\), "\w+"(?:, \[([^\]]*)\])?\)/g)].map((m) => ({
  module: path.posix.join("ui", m[1]!),
  areas: [...(m[2] ?? "").matchAll(/"(\w+)"/g)].map((a) => a[1]!),
}));
const screenModules = new Set(screens.map((s) => s.module));

/** The lazy parts that name message areas of their own (`lazyPart("ui/x.tsx", () => import(…), "X", ["area"][, options])`), by module. */
const partAreas = new Map(
  sourceFilesBelow("ui").flatMap((file) =>
    [...read(file).matchAll(/lazyPart\("([^"]+)", \(\) => import\("[^"]+"\), "\w+", \[([^\]]*)\](?:, \{[^}]*\})?\)/g)].map((m) => [m[1]!, [...m[2]!.matchAll(/"(\w+)"/g)].map((a) => a[1]!)] as const),
  ),
);

/**
 * The keys the modules reachable from `roots` (static and dynamic imports, not entering another screen's module) name
 * that are in none of `areas` nor every page's messages, as "module: key (area)". A lazy part with areas of its own is
 * checked with those added.
 */
const missing = (roots: ReadonlyArray<string>, areas: ReadonlyArray<string>, seen = new Set<string>()): string[] => {
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(`${file} ${areas.join()}`)) return;
    seen.add(`${file} ${areas.join()}`);
    for (const key of keysOf(file)) if (areaOfKey.get(key) !== "base" && !areas.includes(areaOfKey.get(key)!)) found.push(`${file}: ${key} (${areaOfKey.get(key)})`);
    for (const dep of importsOf(file)) {
      if (screenModules.has(dep)) continue;
      if (partAreas.has(dep)) found.push(...missing([dep], [...new Set([...areas, ...partAreas.get(dep)!])], seen));
      else visit(dep);
    }
  };
  roots.forEach(visit);
  return found;
};

describe("message areas: a feature area's texts load with the routes that show them (ui/i18n/message-areas.tsx)", () => {
  it("reads the route table: every screen, some with areas, each area a known one", () => {
    expect(screens.length).toBeGreaterThan(20);
    expect(screens.find((s) => s.module === "ui/tickets/tickets.route.tsx")?.areas).toEqual(["items"]);
    for (const { areas } of screens) for (const area of areas) expect(Object.keys(MESSAGE_AREAS)).toContain(area);
  });

  it("finds a module's keys, also under a template prefix, and a module's reach", () => {
    expect(keysOf("ui/items/item-quantity.tsx").some((key) => areaOfKey.get(key) === "items")).toBe(true);
    expect(keysOf("ui/membership/membership.route.tsx")).toContain("items.membership.title");
    expect(missing(["ui/tickets/tickets.route.tsx"], [])).toContain("ui/items/item-quantity.tsx: items.less (items)");
    expect(partAreas.get("ui/items/travel-basket-group.tsx")).toEqual(["travel"]);
    expect(partAreas.get("ui/checkout/checkout-details.tsx")).toEqual(["checkoutdetails"]);
  });

  it("the shop frame (every page) names only every page's messages: the error catalogue, the wishlist and the upsell texts included", () => {
    expect(missing(["ui/main.tsx", "ui/app.tsx"], [])).toEqual([]);
  });

  it("a decision's button labels are every page's messages: the error dialog that shows them is the frame's (ui/shell/error-dialog.tsx)", () => {
    const labels = sourceFilesBelow("ui").flatMap((file) => [...code(file).matchAll(/LabelId: "([\w.-]+)"/g)].map((m) => `${file}: ${m[1]} (${areaOfKey.get(m[1]!)})`));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => !label.endsWith("(base)"))).toEqual([]);
  });

  it.each(screens)("the screen $module names only every page's messages and those of its areas $areas", ({ module, areas }) => {
    expect(missing([module], areas)).toEqual([]);
  });

  it("each area's import of a language is its file, whose path is the key a server render records (the build manifest's)", () => {
    const source = read("ui/i18n/message-areas.tsx");
    for (const [name, area] of Object.entries(MESSAGE_AREAS)) {
      for (const locale of SUPPORTED_LOCALES) {
        expect(source).toContain(`${locale}: () => import("./messages/${name}.${locale}.json")`);
        expect(area.keyOf(locale)).toBe(`ui/i18n/messages/${name}.${locale}.json`);
      }
    }
  });

  it("gives its children the area's texts under the app's messages (a shop's custom translation of an area text wins)", async () => {
    await MESSAGE_AREAS.items.load("nl");
    const own = (await import("../../ui/i18n/messages/items.nl.json")).default as Record<string, string>;
    await act(async () =>
      render(
        <IntlProvider locale="nl" messages={{ "items.less": "Minder, aangepast" }}>
          <AreaMessages areas={["items"]}>
            <p>
              <FormattedMessage id="items.more" />
            </p>
            <p>
              <FormattedMessage id="items.less" />
            </p>
          </AreaMessages>
        </IntlProvider>,
      ),
    );
    expect(screen.getByText(own["items.more"]!)).toBeTruthy();
    expect(screen.getByText("Minder, aangepast")).toBeTruthy();
  });

  it("on the server waits for the area's texts and records their key; preloadParts of that key loads them, so hydration need not wait", async () => {
    expect(MESSAGE_AREAS.travel.loaded("es")).toBeUndefined();
    const parts = new Set<string>();
    const { prelude } = await prerenderToNodeStream(
        <RenderedParts value={parts}>
          <IntlProvider locale="es" messages={{}}>
            <AreaMessages areas={["travel"]}>
              <h1>
                <FormattedMessage id="travel.title" />
              </h1>
            </AreaMessages>
          </IntlProvider>
        </RenderedParts>,
    );
    let html = "";
    for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array);
    const table = (await import("../../ui/i18n/messages/travel.es.json")).default as Record<string, string>;
    expect(html).toContain(`<h1>${table["travel.title"]}</h1>`);
    expect([...parts]).toEqual(["ui/i18n/messages/travel.es.json"]);

    expect(MESSAGE_AREAS.checkout.loaded("es")).toBeUndefined();
    await preloadParts(["ui/i18n/messages/checkout.es.json"]);
    expect(MESSAGE_AREAS.checkout.loaded("es")).toBeDefined();
  });

  it("a part that hydrates after the page (lazyPart deferHydration) shows its area's texts on the server without naming them for preloading", async () => {
    const Details = lazyPart("tests/details-part.tsx", async () => ({ Details: () => <h2><FormattedMessage id="checkout.placeOrder" /></h2> }), "Details", ["checkoutdetails"], { deferHydration: true });
    const parts = new Set<string>();
    const { prelude } = await prerenderToNodeStream(
      <RenderedParts value={parts}>
        <IntlProvider locale="nl" messages={{}}>
          <Details />
        </IntlProvider>
      </RenderedParts>,
    );
    let html = "";
    for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array);
    const table = (await import("../../ui/i18n/messages/checkoutdetails.nl.json")).default as Record<string, string>;
    expect(html).toContain(`<h2>${table["checkout.placeOrder"]}</h2>`);
    expect([...parts]).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer, type BuildServerOptions } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { FIRST_VISIT_PAGE_CACHE } from "../../server/http/http-caching.ts";
import { acceptedLanguages, type BootPlan, bootPlanOf, type PageRenderer, withRenderedPage } from "../../server/http/page-rendering.ts";
import { render } from "../../ui/entry-server.tsx";
import TRANSPORT_NL from "../../ui/i18n/messages/transport.nl.json";
import { LL_HEADERS, openPglite, type TestDatabase } from "./server-harness.ts";

// the server renders the app page with its first screen's data (ui/entry-server.tsx), and falls back to the
// plain app page when rendering fails or takes too long. A stand-in index.html keeps this test independent of `vite build`.
const INDEX = `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Festival shop</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;

let database: TestDatabase;
let staticDir: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "server-rendering-"));
  writeFileSync(path.join(staticDir, "index.html"), INDEX);
  database = await openPglite();
  await resetDemoCatalogue(database.db);
}, 180_000);
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await database?.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

/** Starts the server on a free loopback port and answers its base address (`rateLimit`: the client limit, default none; no load shedding unless `extra` sets it). */
const start = async (
  serverRendering: false | PageRenderer,
  serverRenderingTimeLimitMs = 60_000,
  rateLimit: false | { readonly max: number } = false,
  extra: Partial<BuildServerOptions> = {},
): Promise<string> => {
  // Load shedding off unless a test sets it: a busy test machine must not decide whether a page is rendered.
  app = await buildServer({ db: database.db, staticDir, sweepIntervalMs: 0, rateLimit, serverRendering, serverRenderingTimeLimitMs, loadShedding: false, ...extra });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

/** The JSON state of a rendered page (`<script type="application/json" id="ssr-state">`). */
const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)![1]!);

describe("server rendering of the app page", () => {
  it("renders /{slug}/tickets with its heading and products, in the Accept-Language locale, with the data as dehydrated state", async () => {
    const base = await start(render);
    const answer = await fetch(`${base}/lowlands-lights/tickets`, { headers: { "accept-language": "nl-NL,nl;q=0.9,en;q=0.8" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toMatch(/^W\//);
    // A first visit without cookies gets the page every such visitor gets: any cache may keep it for a moment, by language.
    expect(answer.headers.get("cache-control")).toBe(FIRST_VISIT_PAGE_CACHE);
    expect(answer.headers.get("vary")).toMatch(/cookie, accept-language/);
    const html = await answer.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain("<title>Tickets – Lowlands Lights 2027</title>");
    expect(html).toMatch(/<div id="root">.*<h1[^>]*>Tickets<\/h1>/s);
    expect(html).toContain("Weekend ticket");
    // The item screens' texts are a message area of their own: in the page's language, rendered, and named for the
    // browser to load before hydrating (ui/i18n/message-areas.tsx); no other area.
    expect(stateOf(html).parts.filter((key: string) => key.startsWith("ui/i18n/"))).toEqual(["ui/i18n/messages/items.nl.json"]);
    const transport = await (await fetch(`${base}/lowlands-lights/transportation`, { headers: { "accept-language": "nl" } })).text();
    expect(transport).toMatch(new RegExp(`<h1[^>]*>${TRANSPORT_NL["items.transport.title"]}</h1>`));
    // The transport screens' own texts are one more area, beside the item screens'.
    expect(stateOf(transport).parts.filter((key: string) => key.startsWith("ui/i18n/")).sort()).toEqual(["ui/i18n/messages/items.nl.json", "ui/i18n/messages/transport.nl.json"]);
    // Every Suspense boundary is complete in the HTML: no inline script (the CSP allows none) finishing it later.
    expect(html).not.toMatch(/<script>/);
    const state = stateOf(html);
    const keys = state.queries.queries.map((query: { queryKey: unknown }) => JSON.stringify(query.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["shops","lowlands-lights"]', '["shops","lowlands-lights","products"]']));
    // No cart cookie: the page is rendered with "no cart", which the browser hydrates instead of asking again.
    const cart = state.queries.queries.find((query: { queryKey: unknown }) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","cart"]');
    expect(cart?.state).toMatchObject({ status: "success", data: null });
    // The theme's colours are computed on the server, so the browser needs no colour library to hydrate.
    const theme = state.queries.queries.find((query: { queryKey: unknown[] }) => query.queryKey[0] === "theme");
    expect(theme?.state.data).toMatchObject({ "--brand": expect.stringMatching(/^#[0-9a-f]{6}$/), "--on-brand": expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(html).toMatch(/<div class="shop" style="--brand:#[0-9a-f]{6}/);
  });

  it("renders the checkout with the visitor's cart named by its cookie: the basket's line and total are in the HTML and the state", async () => {
    const base = await start(render);
    const headers = { ...LL_HEADERS, "content-type": "application/json" };
    const created = await (await fetch(`${base}/api/v2/carts`, { method: "POST", headers, body: "{}" })).json();
    const put = await fetch(`${base}/api/v2/carts/${created.data.id}/products`, { method: "PUT", headers, body: JSON.stringify({ productId: "ll_ticket_weekend", quantity: 2 }) });
    expect(put.status).toBe(200);
    const html = await (await fetch(`${base}/lowlands-lights/checkout`, { headers: { cookie: `festival-shop.cart.lowlands-lights=${created.data.id}` } })).text();
    const cart = stateOf(html).queries.queries.find((query: { queryKey: unknown }) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","cart"]');
    expect(cart?.state.data).toMatchObject({ id: created.data.id, status: "shopping", products: { ll_ticket_weekend: 2 } });
    const root = /<div id="root">(.*)<\/div>\s*<script type="application\/json" id="ssr-state">/s.exec(html)![1]!;
    expect(root).toContain("Weekend ticket");
    expect(root).toContain("€ 459,00");
    // The countdown of the cart is a lazy part the page names, so the browser loads its code before hydrating; the
    // payment panel of an order not yet placed is not.
    expect(stateOf(html).parts).toContain("ui/shell/countdown-bar.tsx");
    expect(stateOf(html).parts).not.toContain("ui/checkout/payment-panel.tsx");
    // The checkout's texts, not the travel group's (no hotel booking in this cart).
    expect(stateOf(html).parts.filter((key: string) => key.startsWith("ui/i18n/"))).toEqual(["ui/i18n/messages/checkout.en.json"]);
    // A cart id the Shop API does not know is rendered as no cart.
    const stale = await (await fetch(`${base}/lowlands-lights/checkout`, { headers: { cookie: "festival-shop.cart.lowlands-lights=00000000-0000-4000-8000-000000000000" } })).text();
    const none = stateOf(stale).queries.queries.find((query: { queryKey: unknown }) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","cart"]');
    expect(none?.state.data).toBeNull();
    expect(stateOf(stale).parts).not.toContain("ui/shell/countdown-bar.tsx");
  });

  it("sets the cart cookie of a deep link's cart (cartId and cartToken) with the page, and forgets a cart id the Shop API does not know", async () => {
    const base = await start(render);
    // An add-on cart of the demo order: it carries the order's cart token (spec §6), as a deep link's cart does.
    const cartToken = "ct_demo_4b8e2f6a1c9d";
    const headers = { ...LL_HEADERS, "content-type": "application/json", "x-cart-token": cartToken };
    const created = await (await fetch(`${base}/api/v2/carts`, { method: "POST", headers, body: "{}" })).json();
    expect(created.data.id).toEqual(expect.any(String));
    // The browser hydrates the cart the page read instead of reading it: the page's answer remembers it (spec §2).
    const linked = await fetch(`${base}/lowlands-lights/tickets?cartId=${created.data.id}&cartToken=${cartToken}`);
    const cart = stateOf(await linked.text()).queries.queries.find((query: { queryKey: unknown }) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","cart"]');
    expect(cart?.state.data).toMatchObject({ id: created.data.id });
    expect(linked.headers.getSetCookie()).toEqual([`festival-shop.cart.lowlands-lights=${created.data.id}; Max-Age=604800; Path=/; SameSite=Lax`]);
    // A cart the visitor's cookie already names is written by nobody.
    const remembered = await fetch(`${base}/lowlands-lights/tickets?cartId=${created.data.id}&cartToken=${cartToken}`, { headers: { cookie: `festival-shop.cart.lowlands-lights=${created.data.id}` } });
    expect(remembered.headers.getSetCookie()).toEqual([]);
    await remembered.text();
    // A remembered id the Shop API does not know is forgotten by the page's answer, as the browser's read would.
    const stale = await fetch(`${base}/lowlands-lights/tickets`, { headers: { cookie: "festival-shop.cart.lowlands-lights=00000000-0000-4000-8000-000000000000" } });
    expect(stale.headers.getSetCookie()).toEqual(["festival-shop.cart.lowlands-lights=; Max-Age=0; Path=/; SameSite=Lax"]);
    await stale.text();
  });

  it("reads the hotel booking of a deep link's cart (cartId and cartToken), not of the cart the cookie names, with the cart itself", async () => {
    const base = await start(render);
    const travelPath = (cartId: string, suffix = "") => `${base}/api/v2/carts/${cartId}/products/hotel/lowlands-lights-2027-travel${suffix}`;
    // The cart the visitor's cookie names books a room; the deep link's cart is an add-on cart of the demo order (its
    // cart token, spec §6) with two breakfasts.
    const headers = { ...LL_HEADERS, "content-type": "application/json" };
    const remembered = (await (await fetch(`${base}/api/v2/carts`, { method: "POST", headers, body: "{}" })).json()).data.id as string;
    expect((await fetch(travelPath(remembered), { method: "PUT", headers, body: JSON.stringify({ productId: "ll_dunes_double" }) })).status).toBe(200);
    const cartToken = "ct_demo_4b8e2f6a1c9d";
    const linkHeaders = { ...headers, "x-cart-token": cartToken };
    const linked = (await (await fetch(`${base}/api/v2/carts`, { method: "POST", headers: linkHeaders, body: "{}" })).json()).data.id as string;
    const addOn = { addonId: "addon_123456789_ll_extra_breakfast", quantity: 2, hotelCartId: "hc_123456789" };
    expect((await fetch(travelPath(linked, "/add-ons"), { method: "PATCH", headers: linkHeaders, body: JSON.stringify(addOn) })).status).toBe(200);
    const cookie = `festival-shop.cart.lowlands-lights=${remembered}`;
    const queryOf = (html: string, key: string) => stateOf(html).queries.queries.find((query: { queryKey: unknown }) => JSON.stringify(query.queryKey) === key);

    // The first page of the deep link: the cart and its hotel booking are both the link's (spec §2), read with its token.
    for (const page of ["tickets", "travel"]) {
      const html = await (await fetch(`${base}/lowlands-lights/${page}?cartId=${linked}&cartToken=${cartToken}`, { headers: { cookie } })).text();
      expect(queryOf(html, '["shops","lowlands-lights","cart"]')?.state.data).toMatchObject({ id: linked });
      const travel = queryOf(html, '["shops","lowlands-lights","travel","cart"]')?.state;
      expect(travel).toMatchObject({ status: "success", data: { packageOption: null, addOns: [{ addonId: addOn.addonId, quantity: 2, extra: { name: "Breakfast buffet" } }] } });
    }
    // On checkout the link's cart is not flagged (spec §2 "…and the page is not checkout"): the cart the cookie names is
    // the current one, for the basket and its hotel group alike.
    const checkout = await (await fetch(`${base}/lowlands-lights/checkout?cartId=${linked}&cartToken=${cartToken}`, { headers: { cookie } })).text();
    expect(queryOf(checkout, '["shops","lowlands-lights","cart"]')?.state.data).toMatchObject({ id: remembered });
    expect(queryOf(checkout, '["shops","lowlands-lights","travel","cart"]')?.state.data).toMatchObject({ packageOption: { id: "ll_dunes_double" }, addOns: [] });
    // Once the deep link's page remembered its cart (its Set-Cookie), the checkout shows that cart's hotel booking.
    const afterLink = await (await fetch(`${base}/lowlands-lights/checkout?cartId=${linked}&cartToken=${cartToken}`, { headers: { cookie: `festival-shop.cart.lowlands-lights=${linked}` } })).text();
    expect(queryOf(afterLink, '["shops","lowlands-lights","travel","cart"]')?.state.data).toMatchObject({ addOns: [{ addonId: addOn.addonId, quantity: 2 }] });
    const root = /<div id="root">(.*)<\/div>\s*<script type="application\/json" id="ssr-state">/s.exec(afterLink)![1]!;
    expect(root).toContain("Breakfast buffet");
  });

  it("takes the locale cookie over Accept-Language, as the browser does", async () => {
    const base = await start(render);
    const html = await (await fetch(`${base}/lowlands-lights`, { headers: { cookie: "locale=es", "accept-language": "nl" } })).text();
    expect(html).toContain('<html lang="es">');
  });

  it("renders the event chooser with the shop list and the checkout frame without a cart", async () => {
    const base = await start(render);
    const chooser = await (await fetch(`${base}/`)).text();
    expect(chooser).toMatch(/<h1[^>]*>Choose your event<\/h1>/);
    expect(chooser).toContain("Lowlands Lights 2027");
    const checkout = await fetch(`${base}/lowlands-lights/checkout`);
    expect(checkout.status).toBe(200);
    expect(stateOf(await checkout.text()).queries.queries.length).toBeGreaterThan(0);
  });

  it("answers the plain app page when rendering fails, and a 404 page without rendering", async () => {
    const base = await start(async () => {
      throw new Error("broken renderer");
    });
    const answer = await fetch(`${base}/lowlands-lights/tickets`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("ssr-state");
    expect((await fetch(`${base}/no-such-shop`)).status).toBe(404);
  });

  it("renders a page of an upgrade e-mail link in upgrade mode: the shop with the upgradable order and its upgrade products", async () => {
    const base = await start(render);
    const html = await (await fetch(`${base}/lowlands-lights/upgrade?idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-7d41c2e9b05f`)).text();
    const queries = stateOf(html).queries.queries as ReadonlyArray<{ queryKey: unknown[]; state: { data: unknown } }>;
    const shop = queries.find((query) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","upgrade","LL-UPG-2027-0001"]');
    expect(shop?.state.data).toMatchObject({ context: { upgradableOrderId: "LL-UPG-2027-0001", upgradeAccessId: "acc-7d41c2e9b05f" } });
    const products = queries.find((query) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","products"]')?.state.data as ReadonlyArray<{ type: string }>;
    expect(products.some((product) => product.type === "upgrade")).toBe(true);
    // Without the link the same shop's products hold no upgrades.
    const plain = stateOf(await (await fetch(`${base}/lowlands-lights/tickets`)).text()).queries.queries as typeof queries;
    const ordinary = plain.find((query) => JSON.stringify(query.queryKey) === '["shops","lowlands-lights","products"]')?.state.data as ReadonlyArray<{ type: string }>;
    expect(ordinary.some((product) => product.type === "upgrade")).toBe(false);
  });

  it("reads the first screen's data in-process: a rush of page views does not spend the client rate limit and keeps every page rendered, while clients stay limited", async () => {
    const base = await start(render, 60_000, { max: 3 });
    // Each page reads GET /shop, GET /products and more: over the HTTP loopback the fourth read of the minute was refused
    // (429) and every page after the first came without its products.
    for (let view = 0; view < 4; view++) {
      const html = await (await fetch(`${base}/lowlands-lights/tickets`)).text();
      expect(html).toContain("Weekend ticket");
      expect(html).toContain("ssr-state");
    }
    // A client is limited as before, also one that sends the in-process marker without its secret.
    const spoofed = { ...LL_HEADERS, "x-in-process-request": "guess" };
    const statuses = [];
    for (let call = 0; call < 4; call++) statuses.push((await fetch(`${base}/api/v2/shop`, { headers: spoofed })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("renders a page once for the first visits of one second: each gets its own payment queue token back, a visitor with cookies or an odd token is rendered alone", async () => {
    let renders = 0;
    const base = await start(async (request) => {
      renders += 1;
      return render(request);
    });
    const page = (query: string, headers: Record<string, string> = {}) => fetch(`${base}/northern-nights-sale/tickets${query}`, { headers: { "accept-language": "en", ...headers } });
    const tokens = ["aaa.bbb.ccc", "ddd.eee.fff", "ggg.hhh.iii", "jjj.kkk.lll"];
    const htmls = await Promise.all(tokens.map(async (token) => (await page(`?paymentQueueToken=${token}`)).text()));
    expect(renders).toBe(1);
    htmls.forEach((html, index) => {
      expect(html).toContain("ssr-state");
      expect(html).toContain(tokens[index]);
      for (const other of tokens.filter((_, k) => k !== index)) expect(html).not.toContain(other);
      expect(html).not.toContain("queue0token0stand0in");
    });
    // Another language is another page.
    await (await page("?paymentQueueToken=aaa.bbb.ccc", { "accept-language": "nl" })).text();
    expect(renders).toBe(2);
    // A visitor with cookies (a cart, a locale) is rendered for them alone.
    await (await page("?paymentQueueToken=aaa.bbb.ccc", { cookie: "locale=en" })).text();
    expect(renders).toBe(3);
    // A token of another shape is never put into a shared page: rendered alone, escaped as always.
    const odd = await (await page(`?paymentQueueToken=${encodeURIComponent('"><script>x</script>')}`)).text();
    expect(renders).toBe(4);
    expect(odd).not.toContain("<script>x</script>");
    // After a second the page is rendered afresh (stock and sale state at most a second old).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await (await page("?paymentQueueToken=mmm.nnn.ooo")).text();
    expect(renders).toBe(5);
  });

  it("keeps a page made for one visitor private: a visitor with cookies, or with their own payment queue token, whose copy has its own ETag", async () => {
    const base = await start(render);
    const withCookie = await fetch(`${base}/lowlands-lights/tickets`, { headers: { cookie: "locale=en" } });
    expect(withCookie.headers.get("cache-control")).toBe("private, no-cache");
    expect(withCookie.headers.get("vary")).toMatch(/cookie, accept-language/);
    const page = (token: string, headers: Record<string, string> = {}) => fetch(`${base}/northern-nights-sale/tickets?paymentQueueToken=${token}`, { headers });
    const [first, second] = await Promise.all([page("aaa.bbb.ccc"), page("ddd.eee.fff")]);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.get("etag")).toMatch(/^W\//);
    expect(first.headers.get("etag")).not.toBe(second.headers.get("etag"));
    // Each visitor's own tag revalidates their own copy, not another visitor's.
    expect((await page("aaa.bbb.ccc", { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    expect((await page("ddd.eee.fff", { "if-none-match": first.headers.get("etag")! })).status).toBe(200);
  });

  it("while the worker sheds load, sends a visitor with cookies the plain app page instead of rendering one for them, and first visits their shared rendering", async () => {
    let renders = 0;
    const base = await start(
      async (request) => {
        renders += 1;
        return render(request);
      },
      60_000,
      false,
      { loadShedding: { settings: { maxEventLoopDelayMs: 0, maxPoolWaitMs: 1 }, poolWait: () => 2 } },
    );
    const own = await (await fetch(`${base}/lowlands-lights/tickets`, { headers: { cookie: "locale=en" } })).text();
    expect(own).toContain('<div id="root"></div>');
    expect(renders).toBe(0);
    const first = await (await fetch(`${base}/lowlands-lights/tickets`)).text();
    expect(first).toContain("ssr-state");
    expect(renders).toBe(1);
  });

  it("closes without waiting for the keep-alive connection of a page still being answered when the close began", async () => {
    let begun!: () => void;
    const rendering = new Promise<void>((resolve) => (begun = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const base = await start(async (request) => {
      begun();
      await gate;
      return render(request);
    });
    const answer = fetch(`${base}/lowlands-lights/tickets`, { headers: { cookie: "locale=en" } });
    await rendering;
    const closed = app!.close();
    app = undefined;
    release();
    expect((await answer).status).toBe(200);
    // The answer is sent; its connection, kept alive by the client, must not hold the close (nor the test) up.
    await closed;
  }, 20_000);

  it("answers the plain app page when rendering takes longer than its time limit", async () => {
    const base = await start(() => new Promise(() => {}), 200);
    const html = await (await fetch(`${base}/lowlands-lights`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("ssr-state");
  });
});

describe("acceptedLanguages", () => {
  it("orders the languages of Accept-Language by weight, then order, without wildcards or q=0", () => {
    expect(acceptedLanguages("en;q=0.5, nl-NL, nl;q=0.9, *;q=0.1, fr;q=0")).toEqual(["nl-NL", "nl", "en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe("withRenderedPage", () => {
  const built = `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Festival shop</title>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/b-B.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-C.css">\n    <link rel="preload" as="image" href="/hero.jpg" fetchpriority="high">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;
  const page = { html: "<h1>Tickets</h1>", lang: "nl", title: "Tickets – Lowlands", state: { queries: [] } };

  it("without a boot plan, fetches the scripts of a server-rendered page at low priority and leaves stylesheets and the hero preload as they are", () => {
    const html = withRenderedPage(built, page);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/b-B.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(html).toContain('<link rel="preload" as="image" href="/hero.jpg" fetchpriority="high">');
    expect(html).toContain('<div id="root"><h1>Tickets</h1></div>');
    expect(html).toContain('<html lang="nl">');
  });

  it("with the build's boot plan, names no JavaScript to fetch before the first paint: the plan runs the entry's chunks, each after its imports, and preloads the route's modules and the page language's messages", () => {
    const withRoute = built.replace("</head>", '  <link rel="modulepreload" crossorigin href="/assets/route-E.js">\n  </head>');
    const boot: BootPlan = {
      script: "/assets/boot-D.js",
      // The entry imports b and c; c imports b; the route module imports the entry (a cycle) and b.
      importsOf: new Map([
        ["/assets/boot-D.js", ["/assets/k-K.js"]],
        ["/assets/index-A.js", ["/assets/b-B.js", "/assets/c-F.js"]],
        ["/assets/c-F.js", ["/assets/b-B.js"]],
        ["/assets/route-E.js", ["/assets/index-A.js", "/assets/b-B.js"]],
      ]),
      messagesOf: { en: "/assets/en-G.js", nl: "/assets/nl-H.js" },
    };
    const html = withRenderedPage(withRoute, page, boot);
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-D.js"></script>');
    expect(html).not.toContain('index-A.js"></script>');
    // Only the boot script's own import is named for the first paint's fetches.
    expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual(['<link rel="modulepreload" crossorigin href="/assets/k-K.js">']);
    const plan = JSON.parse(/<script type="application\/json" id="app-modules">(.*?)<\/script>/s.exec(html)![1]!);
    expect(plan).toEqual({ run: ["/assets/b-B.js", "/assets/c-F.js", "/assets/index-A.js"], preload: ["/assets/route-E.js", "/assets/nl-H.js"] });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    expect(html).toContain('<link rel="preload" as="image" href="/hero.jpg" fetchpriority="high">');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
  });

  it("preloads the lazy parts the page shows, each with the chunks it imports that the entry does not run", () => {
    const boot: BootPlan = {
      script: "/assets/boot-D.js",
      importsOf: new Map([
        ["/assets/index-A.js", ["/assets/b-B.js"]],
        ["/assets/countdown-P.js", ["/assets/index-A.js", "/assets/q-Q.js"]],
      ]),
      messagesOf: { nl: "/assets/nl-H.js" },
      fileOf: new Map([["ui/shell/countdown-bar.tsx", "/assets/countdown-P.js"]]),
    };
    const html = withRenderedPage(built, { ...page, parts: ["ui/shell/countdown-bar.tsx", "ui/not-in-the-build.tsx"] }, boot);
    const plan = JSON.parse(/<script type="application\/json" id="app-modules">(.*?)<\/script>/s.exec(html)![1]!);
    expect(plan).toEqual({ run: ["/assets/b-B.js", "/assets/index-A.js"], preload: ["/assets/nl-H.js", "/assets/q-Q.js", "/assets/countdown-P.js"] });
  });

  it("reads the boot plan from the build's manifest", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "boot-plan-"));
    try {
      expect(bootPlanOf(dir)).toBeUndefined();
      mkdirSync(path.join(dir, ".vite"));
      const manifest = {
        "index.html": { file: "assets/index-A.js", isEntry: true, imports: ["_b-B.js"] },
        "_b-B.js": { file: "assets/b-B.js" },
        "ui/boot.ts": { file: "assets/boot-D.js", isEntry: true },
        "ui/i18n/locales/es.ts": { file: "assets/es-J.js", isDynamicEntry: true },
        "ui/shell/countdown-bar.tsx": { file: "assets/countdown-P.js", isDynamicEntry: true, imports: ["index.html"] },
      };
      writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
      const plan = bootPlanOf(dir)!;
      expect(plan.script).toBe("/assets/boot-D.js");
      expect(plan.importsOf.get("/assets/index-A.js")).toEqual(["/assets/b-B.js"]);
      expect(plan.messagesOf).toEqual({ es: "/assets/es-J.js" });
      expect(plan.fileOf?.get("ui/shell/countdown-bar.tsx")).toBe("/assets/countdown-P.js");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

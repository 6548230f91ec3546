import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { LOWLANDS_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { heroImageSources } from "../../domain/hero.ts";
import { FIRST_SCREEN_CACHE, IMMUTABLE, REVALIDATE } from "../../server/http/http-caching.ts";
import { heroPreloadLink } from "../../server/http/page-rendering.ts";
import { openPglite, type TestDatabase } from "./server-harness.ts";

// what goes over the wire. A tiny stand-in build (index.html, a fingerprinted script with its .br/.gz
// siblings as vite.config.ts's precompress step writes them) keeps this test independent of `vite build`.
const SCRIPT = `export const greeting = ${JSON.stringify("hello festival ".repeat(200))};\n`;
const INDEX = `<!doctype html><html><head><title>Festival shop</title>\n  </head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const shopHeaders = { "x-event-namespace": "lowlands-lights-2027", authorization: `Bearer ${LOWLANDS_TOKEN}` };

let database: TestDatabase;
let app: FastifyInstance;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "site-delivery-"));
  mkdirSync(path.join(staticDir, "assets"));
  writeFileSync(path.join(staticDir, "index.html"), INDEX);
  mkdirSync(path.join(staticDir, ".vite"));
  writeFileSync(path.join(staticDir, ".vite", "route-preloads.json"), JSON.stringify({ "/": [], "/{slug}/tickets": ["assets/main-Ab12Cd34.js"] }));
  const script = path.join(staticDir, "assets", "main-Ab12Cd34.js");
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  database = await openPglite();
  await resetDemoCatalogue(database.db);
  app = await buildServer({ db: database.db, staticDir, sweepIntervalMs: 0, rateLimit: false });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("static files on the wire", () => {
  it("sends a fingerprinted script precompressed with brotli, gzip as fallback, identity otherwise, immutable for a year", async () => {
    const url = "/assets/main-Ab12Cd34.js";
    const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toBe(IMMUTABLE);
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const identity = await app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
    expect(identity.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("answers an unknown shop page with the app's index.html and a 404 status (spec §2 Error page)", async () => {
    // An item id no product of the shop has (or one of another type) is unknown too; a known one is a page.
    for (const url of ["/lowlands-lights/unknown-page", "/no-such-shop", "/lowlands-lights/tickets/nope", "/lowlands-lights/extras/nope", "/lowlands-lights/tickets/ll_extra_locker"]) {
      const page = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(page.statusCode).toBe(404);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
    }
  });

  it("answers index.html for / and for a history-mode route, compressed, revalidated (no-cache) with an ETag and 304", async () => {
    for (const url of ["/", "/lowlands-lights/tickets", "/lowlands-lights/tickets/ll_ticket_weekend", "/lowlands-lights/extras/ll_extra_locker", "/lowlands-lights/travel/hotel-de-duinen"]) {
      const page = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
      expect(page.headers["cache-control"]).toBe(REVALIDATE);
      const etag = page.headers["etag"];
      expect(etag).toEqual(expect.any(String));
      const again = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip", "if-none-match": String(etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
  });

  it("names the route's own JavaScript as modulepreload links in the index.html of that route, and only there", async () => {
    const html = async (url: string) => (await app.inject({ method: "GET", url })).body;
    const link = '<link rel="modulepreload" crossorigin href="/assets/main-Ab12Cd34.js">';
    expect(await html("/lowlands-lights/tickets")).toContain(`${link}\n  </head>`);
    expect(await html("/northern-nights/tickets/")).toContain(link);
    expect(await html("/")).toBe(INDEX);
    expect(await html("/lowlands-lights/checkout")).not.toContain("modulepreload");
    const etags = await Promise.all(["/", "/lowlands-lights/tickets"].map(async (url) => (await app.inject({ method: "GET", url })).headers["etag"]));
    expect(etags[0]).not.toBe(etags[1]);
  });

  it("preloads the hero image the route's first screen shows, with the hero's own srcset and sizes, and none outside a shop", async () => {
    const html = async (url: string) => (await app.inject({ method: "GET", url })).body;
    const preloads = (page: string) => [...page.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    // Each route's own background (spec §2 Header, domain heroBackgroundFor over the demo shop's config).
    for (const [url, image] of [
      ["/lowlands-lights", "/assets/hero-lowlands.jpg"],
      ["/lowlands-lights/tickets", "/assets/bg-lowlands-tickets.jpg"],
      ["/lowlands-lights/checkout", "/assets/bg-lowlands-order-completed.jpg"],
      ["/lowlands-lights/paymentstatus", "/assets/bg-lowlands-order-completed.jpg"],
      ["/northern-nights/tickets", "/assets/hero-northern.jpg"],
    ] as const) {
      const links = preloads(await html(url));
      expect(links, url).toHaveLength(1);
      const { src, srcSet, sizes } = heroImageSources(image);
      const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(links[0]!)?.[1]?.replaceAll("&amp;", "&");
      expect(attr("href"), url).toBe(src);
      expect(attr("imagesrcset"), url).toBe(srcSet);
      expect(attr("imagesizes"), url).toBe(sizes);
      expect(attr("fetchpriority"), url).toBe("high");
    }
    for (const url of ["/", "/login", "/no-such-shop"]) expect(preloads(await html(url)), url).toEqual([]);
  });

  it("writes the hero preload's addresses as HTML attributes (ampersands and quotes escaped)", () => {
    const link = heroPreloadLink('/img/a"b.jpg?x=1');
    expect(link).toContain('href="/img/a&quot;b.jpg?x=1&amp;fm=jpg&amp;fl=progressive&amp;w=1920&amp;q=80"');
    expect(link).not.toMatch(/&(?!amp;|quot;)/);
  });

  it("compresses the demo images of server/public on the fly (SVG), cached an hour but not immutable", async () => {
    const svg = await app.inject({ method: "GET", url: "/assets/hero-lowlands.svg", headers: { "accept-encoding": "br, gzip" } });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(svg.rawPayload).toString()).toContain("<svg");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("still answers 404 not.found for a missing file and an unknown API path", async () => {
    for (const url of ["/assets/missing-Zz99.js", "/api/v2/nothing-here"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not.found");
    }
  });
});

describe("first screen API reads: compressed, validated, shortly shared-cached", () => {
  it("answers GET /shop and /products with brotli JSON, a weak ETag, public max-age=5 varying on the shop headers, and 304 on If-None-Match", async () => {
    for (const url of ["/api/v2/shop", "/api/v2/products"]) {
      const first = await app.inject({ method: "GET", url, headers: { ...shopHeaders, "accept-encoding": "br, gzip" } });
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-encoding"]).toBe("br");
      expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString()).data).toBeDefined();
      expect(first.headers["cache-control"]).toBe(FIRST_SCREEN_CACHE);
      expect(String(first.headers["vary"]).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(["x-event-namespace", "authorization", "accept-encoding"]));
      const etag = String(first.headers["etag"]);
      expect(etag).toMatch(/^W\/".+"$/);

      const plain = await app.inject({ method: "GET", url, headers: shopHeaders });
      expect(plain.headers["etag"]).toBe(etag); // the validator names the JSON, whatever the encoding
      const revalidated = await app.inject({ method: "GET", url, headers: { ...shopHeaders, "if-none-match": `"other", ${etag}` } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe("");
      expect(revalidated.headers["etag"]).toBe(etag);
      const stale = await app.inject({ method: "GET", url, headers: { ...shopHeaders, "if-none-match": 'W/"not-this-one"' } });
      expect(stale.statusCode).toBe(200);
    }
  });

  it("gives another shop's products another ETag", async () => {
    const shops = (await app.inject({ method: "GET", url: "/api/v2/shops" })).json().data as Array<{ apiNamespace: string; shopToken: string }>;
    const [a, b] = shops;
    const etagOf = async (shop: { apiNamespace: string; shopToken: string }) =>
      (await app.inject({ method: "GET", url: "/api/v2/products", headers: { "x-event-namespace": shop.apiNamespace, authorization: `Bearer ${shop.shopToken}` } })).headers["etag"];
    expect(await etagOf(a!)).not.toBe(await etagOf(b!));
  });

  it("keeps an answer asked with a cart token private, and leaves refusals and cart calls without a shared lifetime", async () => {
    const withCart = await app.inject({ method: "GET", url: "/api/v2/products", headers: { ...shopHeaders, "x-cart-token": "some-cart-token" } });
    expect(withCart.headers["cache-control"]).toBe("private, no-cache");
    const refused = await app.inject({ method: "GET", url: "/api/v2/shop", headers: { ...shopHeaders, authorization: "Bearer wrong" } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBeUndefined();
    expect(refused.headers["etag"]).toBeUndefined();
    const cart = await app.inject({ method: "POST", url: "/api/v2/carts", headers: shopHeaders, payload: {} });
    const read = await app.inject({ method: "GET", url: `/api/v2/carts/${cart.json().data.id}`, headers: shopHeaders });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBeUndefined();
    expect(read.headers["etag"]).toBeUndefined();
  });
});

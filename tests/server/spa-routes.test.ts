import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { type OpenDatabase, openDatabase } from "../../server/db/database.ts";
import { isAppRoute } from "../../server/http/spa-routes.ts";
import { isSitePage } from "../../domain/site-pages.ts";

const SLUGS = new Set(["lowlands-lights"]);

/** Every route of spec §2 for the slug lowlands-lights, after the site pages (the event chooser, /login and My festival). */
const SPEC_ROUTES = [
  "/",
  "/login",
  "/my-festival",
  "/lowlands-lights",
  "/lowlands-lights/tickets",
  "/lowlands-lights/tickets/ll_ticket_weekend",
  "/lowlands-lights/packages",
  "/lowlands-lights/membership",
  "/lowlands-lights/travel",
  "/lowlands-lights/travel/hotel-1",
  "/lowlands-lights/traveladdon",
  "/lowlands-lights/traveladdon/hotel-1",
  "/lowlands-lights/transportation",
  "/lowlands-lights/transportation/eu",
  "/lowlands-lights/transportation/nl",
  "/lowlands-lights/comparetransport",
  "/lowlands-lights/comparetransport/detail",
  "/lowlands-lights/comparetransport/eu",
  "/lowlands-lights/comparetransport/nl",
  "/lowlands-lights/merchandise",
  "/lowlands-lights/extras",
  "/lowlands-lights/extras/ll_extra_locker",
  "/lowlands-lights/upgrade",
  "/lowlands-lights/register",
  "/lowlands-lights/checkout",
  "/lowlands-lights/paymentstatus",
];

describe("app routes of spec §2 (server/http/spa-routes.ts)", () => {
  it("knows every spec route of a known shop, with or without a trailing slash", () => {
    for (const route of SPEC_ROUTES) {
      expect(isAppRoute(route, SLUGS), route).toBe(true);
      expect(isAppRoute(`${route}/`, SLUGS), `${route}/`).toBe(true);
    }
  });

  it("refuses an unknown slug, an unknown page, and details of routes that have none", () => {
    for (const route of ["/no-such-shop", "/no-such-shop/tickets", "/lowlands-lights/no-such-page", "/lowlands-lights/checkout/x", "/lowlands-lights/transportation/de", "/lowlands-lights/tickets/a/b", "/login/x", "/my-festival/x"]) {
      expect(isAppRoute(route, SLUGS), route).toBe(false);
    }
  });

  it("refuses every path whose first segment is not a known slug (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,20}$/), fc.constantFrom(...SPEC_ROUTES.slice(3).map((r) => r.slice("/lowlands-lights".length))), (slug, tail) => {
        fc.pre(slug !== "lowlands-lights" && !isSitePage(slug));
        expect(isAppRoute(`/${slug}${tail}`, SLUGS)).toBe(false);
      }),
    );
  });
});

describe("app page status from the server", () => {
  let database: OpenDatabase;
  let server: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await resetDemoCatalogue(database.db);
    const staticDir = mkdtempSync(path.join(tmpdir(), "spa-"));
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><div id=root></div>");
    server = await buildServer({ db: database.db, staticDir, sweepIntervalMs: 0, rateLimit: false });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("sends index.html with 200 for every spec route of a demo shop", async () => {
    for (const url of [...SPEC_ROUTES.slice(1), "/lowlands-lights/tickets?route=tickets&slug=lowlands-lights"]) {
      const response = await server.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
    }
  });

  it("sends index.html with a real 404 for an unknown shop and an unknown page", async () => {
    for (const url of ["/no-such-shop", "/lowlands-lights/no-such-page"]) {
      const response = await server.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id=root>');
    }
  });
});

// @vitest-environment jsdom
import { createHash } from "node:crypto";
import { webcrypto } from "node:crypto";
import { Effect } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { DataLayerAnalytics, HASHED_EMAIL_KEY } from "../../adapters/analytics/data-layer-analytics.ts";
import { analyticsItem } from "../../domain/analytics.ts";
import type { Cents } from "../../domain/money.ts";

type Win = { dataLayer?: unknown[] };
const item = analyticsItem({ productId: "ll_ticket_weekend", name: "Weekend ticket", type: "ticket", unitPrice: 21950 as Cents, quantity: "2", variant: "weekend" }, "lowlands");

describe("DataLayerAnalytics (spec §7 Analytics)", () => {
  let win: Win;
  let analytics: DataLayerAnalytics;
  beforeEach(() => {
    win = {};
    localStorage.clear();
    document.head.innerHTML = "";
    analytics = new DataLayerAnalytics({ window: win, document, storage: localStorage, subtle: webcrypto.subtle as SubtleCrypto, now: () => 1_800_000_000_000 });
  });

  it("pushes GA4 ecommerce events on window.dataLayer after clearing the previous ecommerce object", async () => {
    await Effect.runPromise(analytics.track({ type: "add_to_cart", items: [item] }));
    expect(win.dataLayer).toEqual([
      { ecommerce: null },
      {
        event: "add_to_cart",
        ecommerce: {
          currency: "EUR",
          value: 439,
          items: [{ item_id: "ll_ticket_weekend", item_name: "Weekend ticket", item_brand: "lowlands", item_category: "ticket", item_variant: "weekend", price: 219.5, quantity: 2 }],
        },
      },
    ]);
  });

  it("pushes the legacy removeFromCart event with the spec's item data", async () => {
    await Effect.runPromise(analytics.track({ type: "removeFromCart", items: [item] }));
    expect(win.dataLayer?.[1]).toEqual({
      event: "removeFromCart",
      ecommerce: { currencyCode: "EUR", remove: { products: [{ name: "Weekend ticket", id: "ll_ticket_weekend", price: 219.5, brand: "lowlands", category: "ticket", quantity: 2, variant: "weekend" }] } },
    });
  });

  it("keeps the SHA-256 hex of the normalised e-mail in localStorage", async () => {
    await Effect.runPromise(analytics.rememberEmail("  Sam.Visser@Example.com "));
    expect(localStorage.getItem(HASHED_EMAIL_KEY)).toBe(createHash("sha256").update("sam.visser@example.com").digest("hex"));
    expect(localStorage.getItem(HASHED_EMAIL_KEY)).not.toContain("@");
  });

  it("loads no tag manager script without a container id, or for a malformed one", async () => {
    await Effect.runPromise(analytics.loadTagManager(undefined));
    await Effect.runPromise(analytics.loadTagManager('GTM-1"><script>'));
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(win.dataLayer).toBeUndefined();
  });

  it("loads the tag manager script once for the shop's container id", async () => {
    await Effect.runPromise(analytics.loadTagManager("GTM-AB12CD"));
    await Effect.runPromise(analytics.loadTagManager("GTM-AB12CD"));
    const scripts = document.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD");
    expect(scripts[0]?.async).toBe(true);
    expect(win.dataLayer).toEqual([{ "gtm.start": 1_800_000_000_000, event: "gtm.js" }]);
  });

  it("pushes page views", async () => {
    await Effect.runPromise(analytics.pageView("/lowlands-lights/tickets"));
    expect(win.dataLayer).toEqual([{ event: "page_view", page_path: "/lowlands-lights/tickets" }]);
  });
});

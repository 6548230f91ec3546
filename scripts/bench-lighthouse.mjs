// Lighthouse mobile measurements of the shop as a new visitor meets it:
//   npm run bench:lighthouse [-- BASE_URL] [--runs=N] [--routes=/,/lowlands-lights,/{slug}/merchandise] [--json=out.json] [--long-tasks]
// Lighthouse's default mobile preset (simulated Slow 4G, 4x CPU slowdown, Moto G-sized screen) drives Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium) against a running shop (default http://localhost:3000). Each
// route runs N times (default 3) with a cold cache; the checkout route gets a fresh cart with one ticket per run,
// created through the Shop API and stored where the web app looks for it (the cookie `festival-shop.cart.{slug}`,
// adapters/cookies/cookie-cart-id-store.ts, which the server also reads to render the page with the cart). Prints the median performance score, LCP, TBT, CLS and the
// first-load script bytes on the wire per route, and the spread (min–max) of each over the runs; a run with a layout
// shift (CLS ≥ 0.01) is listed with the elements that moved, a run with a slow LCP with its largest element. With --long-tasks,
// also the long main-thread tasks (as Lighthouse simulates them, 4x CPU) of each route's median-TBT run, with the
// script each is attributed to (the tickets route should have none).
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { createDemoCart, demoShop } from "./demo-cart.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const base = (args.find((a) => !a.startsWith("--")) ?? "http://localhost:3000").replace(/\/+$/, "");
const runs = Number(option("runs", "3"));
const jsonOut = option("json", undefined);
const showLongTasks = args.includes("--long-tasks");

// The first shop of GET /api/v2/shops is the one measured (the demo catalogue's lowlands-lights).
const measured = await demoShop(base);
const slug = measured.shop.slug;

/** The LCP target (docs/performance.md), in ms: a run over it is listed with its largest element. */
const LCP_TARGET_MS = 1500;

/** The element of a run's largest contentful paint, as Lighthouse names it (selector, else its HTML), or "?". */
const lcpElementOf = (lhr) => {
  const details = lhr.audits["largest-contentful-paint-element"]?.details;
  const node = details?.items?.[0]?.items?.[0]?.node ?? details?.items?.[0]?.node;
  return node ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim() : "?";
};

const allRoutes = [
  { name: "/", path: "/" },
  { name: "/{slug}", path: `/${slug}` },
  { name: "/{slug}/tickets", path: `/${slug}/tickets` },
  { name: "/{slug}/checkout", path: `/${slug}/checkout`, withCart: true },
];
const only = option("routes", undefined)?.split(",");
// Any other route of the shop by its pattern (`/{slug}/merchandise`), measured without a cart.
const routes = only
  ? only.map((wanted) => allRoutes.find((r) => r.name === wanted || r.path === wanted) ?? { name: wanted, path: wanted.replace("{slug}", slug) })
  : allRoutes;

/** A minimal DevTools-protocol session on the browser's first page (Node's WebSocket), to reset and seed storage. */
const cdpSession = async (port) => {
  const targets = await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json());
  const page = targets.find((t) => t.type === "page");
  const socket = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 0;
  const pending = new Map();
  const loaded = [];
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id !== undefined) {
      const entry = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) entry.reject(new Error(`${entry.method}: ${message.error.message}`));
      else entry.resolve(message.result);
    } else if (message.method === "Page.loadEventFired") loaded.splice(0).forEach((resolve) => resolve());
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Page.enable");
  const navigate = async (url) => {
    const load = new Promise((resolve) => loaded.push(resolve));
    await send("Page.navigate", { url });
    await load;
  };
  return { send, navigate, close: () => socket.close() };
};

/** Cold start for every run: no cache, no storage; then the cart id of `cartId` (if any) in localStorage. */
const prepare = async (cdp, cartId) => {
  const origin = new URL(base).origin;
  await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  await cdp.send("Network.enable");
  if (cartId) await cdp.send("Network.setCookie", { name: `festival-shop.cart.${slug}`, value: cartId, url: `${origin}/`, path: "/", sameSite: "Lax" });
  await cdp.navigate("about:blank");
  await cdp.send("Network.clearBrowserCache");
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const results = [];
try {
  const cdp = await cdpSession(chrome.port);
  for (const route of routes) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      let lhr;
      // A trace Chromium fails to record (NO_NAVSTART, NO_FCP under load) is a failed measurement, not a figure: retry.
      for (let attempt = 1; !lhr; attempt++) {
        await prepare(cdp, route.withCart ? await createDemoCart(base, measured) : undefined);
        // Storage is reset by prepare() above, so Lighthouse must keep the seeded cart id (disableStorageReset).
        const result = await lighthouse(`${base}${route.path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true });
        if (!result.lhr.runtimeError) lhr = result.lhr;
        else if (attempt >= 5) throw new Error(`${route.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        else process.stderr.write(`\n${route.path}: ${result.lhr.runtimeError.code}, again\n`);
      }
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== route.path) process.stderr.write(`\n${route.path} ended on ${landed}\n`);
      const scripts = lhr.audits["resource-summary"].details.items.find((i) => i.resourceType === "script");
      samples.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        // Which element the largest paint was (a run over the LCP target names it).
        lcpElement: lcpElementOf(lhr),
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        scriptKiB: (scripts?.transferSize ?? 0) / 1024,
        longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).map((t) => ({ url: t.url, startTime: Math.round(t.startTime), duration: Math.round(t.duration) })),
        // What moved, in a run with a layout shift: each shift's score and the element Lighthouse names for it.
        shifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).map((i) => ({
          score: i.score,
          element: i.node?.selector ?? i.node?.snippet ?? "?",
          causes: (i.subItems?.items ?? []).map((c) => c.cause).filter(Boolean),
        })),
      });
      process.stderr.write(".");
    }
    results.push({ route: route.name, path: route.path, samples });
  }
  cdp.close();
} finally {
  await chrome.kill();
}
process.stderr.write("\n");

const metrics = [
  ["performance", (v) => v.toFixed(0)],
  ["lcp", (v) => `${(v / 1000).toFixed(2)} s`],
  ["tbt", (v) => `${v.toFixed(0)} ms`],
  ["cls", (v) => v.toFixed(3)],
  ["fcp", (v) => `${(v / 1000).toFixed(2)} s`],
  ["scriptKiB", (v) => `${v.toFixed(1)} KiB`],
];
console.log(`Lighthouse ${results.length ? "mobile (simulated Slow 4G, 4x CPU)" : ""} on ${base}, median of ${runs} run(s) [min–max]`);
console.log(["route".padEnd(18), "perf", "LCP", "TBT", "CLS", "FCP", "JS on the wire"].map((h, i) => (i === 0 ? h : h.padStart(i === 6 ? 16 : 10))).join(" "));
for (const { route, samples } of results) {
  const cells = metrics.map(([key, format]) => format(median(samples.map((s) => s[key]))));
  console.log([route.padEnd(18), ...cells.map((c, i) => c.padStart(i === 5 ? 16 : 10))].join(" "));
  const spread = metrics.map(([key, format]) => {
    const values = samples.map((s) => s[key]);
    return `${key} ${format(Math.min(...values))}–${format(Math.max(...values))}`;
  });
  console.log(`${"".padEnd(18)}  spread: ${spread.join(", ")}`);
  for (const [index, sample] of samples.entries()) {
    if (sample.lcp > LCP_TARGET_MS) console.log(`${"".padEnd(18)}  run ${index + 1}: LCP ${(sample.lcp / 1000).toFixed(2)} s (FCP ${(sample.fcp / 1000).toFixed(2)} s), the largest paint: ${sample.lcpElement}`);
    if (sample.cls < 0.01) continue;
    const shifts = sample.shifts.map((shift) => `${shift.score.toFixed(3)} ${shift.element}${shift.causes.length ? ` (${shift.causes.join(", ")})` : ""}`).join("; ");
    console.log(`${"".padEnd(18)}  run ${index + 1}: CLS ${sample.cls.toFixed(3)}, shifted: ${shifts || "(not named)"}`);
  }
  if (showLongTasks) {
    const run = samples.find((s) => s.tbt === median(samples.map((x) => x.tbt))) ?? samples[0];
    const tasks = run.longTasks.map((t) => `${t.duration} ms at ${t.startTime} ms (${t.url.replace(base, "") || "no script"})`);
    console.log(`${"".padEnd(18)}  long tasks of the median run (TBT ${run.tbt.toFixed(0)} ms): ${tasks.join("; ") || "none"}`);
  }
}
if (jsonOut) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(jsonOut, JSON.stringify({ base, runs, results }, null, 2));
}

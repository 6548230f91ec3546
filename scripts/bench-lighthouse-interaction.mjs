// A quantity change on the tickets page in a Lighthouse trace (the goals of docs/performance.md: no long task on the
// tickets route):
//   npm run bench:lighthouse-interaction [-- BASE_URL] [--slug=lowlands-lights] [--product=Weekend ticket] [--taps=4] [--runs=3] [--pointer=touch]
// Loads /{slug}/tickets in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) as a returning visitor (the cookie
// question answered) on a phone's screen (412 x 823, as Lighthouse's mobile emulation), lets it settle, then records a
// Lighthouse timespan (a user flow step: lighthouse's startFlow, the `lighthouse` npm package driving the browser
// through puppeteer-core) while the tile named `--product` gets `--taps` taps, "Add to cart" and "Remove" in turn
// (the first add creates the cart), each time until the tile shows "1 in cart" or no longer does. A timespan cannot
// simulate a slower phone as a page-load report does (Lantern), so it is throttled as it runs: Lighthouse's mobile
// Slow 4G with 4x CPU (throttlingMethod "devtools"). Prints per run Lighthouse's Interaction to Next Paint, Total
// Blocking Time and every long task of the trace (what its long-tasks audit lists), then medians and the
// spread. A new browser context per run (cold cache, no cart). Real throttling on a shared machine varies from run to
// run: compare runs made under the same load (`uptime`). Start the shop as a visitor meets it:
// `npm run build && PORT=3400 DATA_DIR=.data/perf npm run serve`.
import * as chromeLauncher from "chrome-launcher";
import { startFlow } from "lighthouse";
import puppeteer from "puppeteer-core";
import { tapAt, tapBenchOptions } from "./tap-bench-options.mjs";

const { base, slug, product, taps, runs, pointer } = tapBenchOptions(process.argv.slice(2));
/** Quiet time after the load event before the timespan starts, in ms (hydration, lazy parts, idle prefetches). */
const SETTLE_MS = 6000;
/** Lighthouse's mobile screen (its default screenEmulation), set before the page loads so the timespan does not resize it. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One run: a new context, the page loaded and settled, then the taps inside a Lighthouse timespan; its report's figures. */
const run = async (browser) => {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await context.setCookie({ name: "cookie_consent", value: "necessary", domain: new URL(base).hostname, path: "/" });
    await page.goto(`${base}/${slug}/tickets`, { waitUntil: "load" });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const flow = await startFlow(page, {
      config: {
        extends: "lighthouse:default",
        settings: { onlyCategories: ["performance"], throttlingMethod: "devtools", screenEmulation: { disabled: true } },
      },
    });
    await flow.startTimespan({ name: "Quantity changes" });
    for (let tap = 1; tap <= taps; tap++) {
      // Odd taps add one (the tile then shows "1 in cart" and Remove), even taps remove it (Add to cart again).
      const adding = tap % 2 === 1;
      const box = await page.evaluate(
        ([name, label]) => {
          const tile = [...document.querySelectorAll("article")].find((a) => document.getElementById(a.getAttribute("aria-labelledby") ?? "")?.textContent === name);
          const button = [...(tile?.querySelectorAll("button") ?? [])].find((b) => b.textContent?.trim() === label);
          const rect = button?.getBoundingClientRect();
          return rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, id: tile.getAttribute("aria-labelledby") } : null;
        },
        [product, adding ? "Add to cart" : "Remove"],
      );
      if (!box) throw new Error(`no "${adding ? "Add to cart" : "Remove"}" button on the tile "${product}"`);
      await tapAt(page, pointer, box.x, box.y);
      await page.waitForFunction(
        (id, adding) => (document.querySelector(`[aria-labelledby="${id}"]`)?.textContent?.includes("1 in cart") ?? false) === adding,
        { polling: 100, timeout: 60_000 },
        box.id,
        adding,
      );
      await new Promise((resolve) => setTimeout(resolve, 500)); // the paint after the answer
    }
    await flow.endTimespan();
    const { lhr } = (await flow.createFlowResult()).steps[0];
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      inp: lhr.audits["interaction-to-next-paint"]?.numericValue ?? Number.NaN,
      tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).map((t) => ({ duration: Math.round(t.duration), url: t.url })),
    };
  } finally {
    await context.close();
  }
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const results = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  console.log(`Lighthouse timespan of ${taps} quantity change(s) on ${base}/${slug}/tickets (Add to cart and Remove on ${product}, ${pointer}), Slow 4G and 4x CPU applied, ${runs} run(s)`);
  for (let r = 1; r <= runs; r++) {
    let result;
    // A run that fails (a trace Lighthouse could not read, an answer that did not come under load) is a failed
    // measurement, not a figure: it is said and run again, up to three times.
    for (let attempt = 1; !result; attempt++) {
      try {
        result = await run(browser);
      } catch (error) {
        if (attempt >= 3) throw error;
        process.stderr.write(`run ${r} failed (${error instanceof Error ? error.message.split("\n")[0] : error}), again\n`);
      }
    }
    results.push(result);
    const tasks = result.longTasks.map((t) => `${t.duration} ms (${t.url.replace(base, "") || "no script"})`);
    console.log(`run ${r}: INP ${Math.round(result.inp)} ms, TBT ${Math.round(result.tbt)} ms, long tasks: ${tasks.length ? tasks.join(", ") : "none"}`);
  }
  await browser.disconnect();
} finally {
  chrome.kill();
}
const spread = (values) => `${Math.round(median(values))} ms [${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}]`;
console.log(
  `median INP ${spread(results.map((r) => r.inp))}, TBT ${spread(results.map((r) => r.tbt))}; ` +
    `long tasks per run ${results.map((r) => r.longTasks.length).join(", ")}, the longest ${Math.max(0, ...results.flatMap((r) => r.longTasks.map((t) => t.duration)))} ms`,
);

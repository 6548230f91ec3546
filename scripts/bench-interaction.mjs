// What a quantity change costs the main thread on a cheap phone ("Keep INP in mind"):
//   npm run bench:interaction [-- BASE_URL] [--slug=lowlands-lights] [--product=Weekend ticket] [--taps=4] [--runs=3] [--cpu=4] [--pointer=touch]
// Loads /{slug}/tickets in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) as a returning visitor (the cookie
// question answered), the CPU slowed down `--cpu` times (DevTools' throttling; default 4), lets it settle, then taps
// (with a finger, or `--pointer=mouse`; scripts/tap-bench-options.mjs tapAt) the tile named `--product` `--taps` times,
// "Add to cart" and "Remove" in turn (the first add creates the cart), each time waiting until the tile shows "1 in
// cart" or no longer does (the Shop API's answer). For each tap it prints the interaction's duration as the browser's
// Event Timing reports it (from the tap to the next paint: what INP takes per interaction; Chromium reports
// interactions above its reporting threshold)
// and the long tasks from the tap until the answer shows. A new browser per run; medians over all taps, and the
// long tasks in all with their blocking time (the part of each over the long-task threshold, as TBT counts it).
// Real throttling on a shared machine varies from run to run: compare medians made under the same load (`uptime`).
// Start the shop as a visitor meets it: `npm run build && PORT=3400 DATA_DIR=.data/perf npm run serve`.
import { chromium } from "@playwright/test";
import { tapAt, tapBenchOptions, waitForTileAnswer } from "./tap-bench-options.mjs";

const { option, base, slug, product, taps, runs, pointer } = tapBenchOptions(process.argv.slice(2));
const cpu = Number(option("cpu", "4"));
/** Quiet time after the load event before the first tap, in ms (hydration, lazy parts, idle prefetches). */
const SETTLE_MS = 6000;

/** Installed before the page's own scripts: collects Event Timing entries and long tasks for the taps. */
const OBSERVE = () => {
  const seen = { events: [], longTasks: [] };
  window.__interactionBench = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) seen.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/** One run: a new browser, the page loaded and settled, `taps` taps; per tap its interaction duration and long tasks. */
const run = async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: pointer === "touch" });
    await context.addCookies([{ name: "cookie_consent", value: "necessary", url: base }]);
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.goto(`${base}/${slug}/tickets`, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    const tile = page.getByRole("article", { name: product });
    const tileId = await tile.getAttribute("aria-labelledby");
    const results = [];
    for (let tap = 1; tap <= taps; tap++) {
      // Odd taps add one (the tile then shows "1 in cart" and Remove), even taps remove it (Add to cart again).
      const adding = tap % 2 === 1;
      // The tap as plain input events at the button's centre, and the wait as a cheap check at a slow interval: Playwright's
      // own actionability checks and locator polling run on the page's main thread and would count in its long tasks.
      const box = await tile.getByRole("button", { name: adding ? "Add to cart" : "Remove" }).boundingBox();
      const startedAt = await page.evaluate(() => performance.now());
      await tapAt(page, pointer, box.x + box.width / 2, box.y + box.height / 2);
      await waitForTileAnswer(page, tileId, adding);
      await page.waitForTimeout(500); // the paint after the answer, and its Event Timing entry
      const seen = await page.evaluate((from) => {
        const { events, longTasks } = window.__interactionBench;
        return { events: events.filter((e) => e.start >= from), longTasks: longTasks.filter((t) => t.start >= from) };
      }, startedAt);
      const interaction = Math.max(0, ...seen.events.map((e) => e.duration));
      const answered = (await page.evaluate(() => performance.now())) - 500 - startedAt;
      results.push({ adding, interaction, longTasks: seen.longTasks.map((t) => Math.round(t.duration)), answered });
    }
    return results;
  } finally {
    await browser.close();
  }
};

console.log(`Quantity changes on ${base}/${slug}/tickets (Add to cart and Remove on ${product}, ${pointer}), ${cpu}x CPU, ${runs} run(s) of ${taps} tap(s)`);
const all = [];
for (let r = 1; r <= runs; r++) {
  const results = await run();
  all.push(...results);
  console.log(
    `run ${r}: ` +
      results
        .map((t, i) => `tap ${i + 1} (${t.adding ? "add" : "remove"}): interaction ${Math.round(t.interaction)} ms, long tasks [${t.longTasks.join(", ")}] ms, answer shown after ${Math.round(t.answered)} ms`)
        .join("; "),
  );
}
const longest = all.map((t) => Math.max(0, ...t.longTasks));
const longTasks = all.flatMap((t) => t.longTasks);
console.log(
  `median interaction ${Math.round(median(all.map((t) => t.interaction)))} ms [${all.map((t) => Math.round(t.interaction)).join(", ")}]; ` +
    `taps with a long task: ${longest.filter((ms) => ms > 0).length} of ${all.length}, the longest ${Math.max(0, ...longest)} ms; ` +
    // As TBT counts a task: the part over the long-task threshold, summed over the taps' long tasks.
    `long tasks ${longTasks.length}, blocking ${longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0)} ms in all`,
);

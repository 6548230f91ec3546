// Where a page's long main-thread tasks spend their time, by function and source file (the goals of
// docs/performance.md):
//   npm run bench:long-tasks [-- URL] [--runs=3] [--cpu=4] [--min=50] [--maps=dist/assets] [--consent] [--cart] [--top=8] [--tap=PRODUCT] [--pointer=touch]
// Loads URL (default http://localhost:3000/) in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) with the CPU
// slowed down `--cpu` times (DevTools' throttling, as a cheap phone; default 4), a new browser per run (cold cache),
// records a trace with V8's sampling profiler from the navigation to 6 s after the load event, and prints each
// main-thread task of at least `--min` ms (default 50) with the functions its samples were in and the browser's own
// work in it (style, layout, paint, GC), the part over the long-task threshold of the tasks after the first
// contentful paint (what TBT counts), then the time of all those tasks per source file over the runs. Function positions are mapped to the
// sources through the build's source maps in `--maps` (default dist/assets): build with them first (`npx vite build
// --sourcemap`, then the server build as `npm run build` does); without maps the names are the minified ones.
// `--consent` answers the cookie question beforehand (the `cookie_consent` cookie): a returning visitor's page; without
// it a first visit's. `--cart` gives each run a new cart holding one ticket, made through the Shop API of the shop named
// by URL's first path segment and put in the cookie the web app and the server read (festival-shop.cart.{slug}), as a
// visitor reaching the checkout has. Real throttling on a shared machine varies from run to run: compare medians of
// several runs made under the same load (`uptime`). Lighthouse's TBT (npm run bench:lighthouse) simulates the slowdown
// instead and differs in level. `--tap=Weekend ticket` profiles a quantity change instead of the load: once the page has
// settled, the tile of that product gets one tap on "Add to cart" (a finger's, or `--pointer=mouse`, as npm run
// bench:interaction taps), and only the tasks from the tap until a second after the tile shows "1 in cart" are reported.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { createDemoCart, demoShop } from "./demo-cart.mjs";
import { pointerOption, tapAt, waitForTileAnswer } from "./tap-bench-options.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const url = args.find((a) => !a.startsWith("--")) ?? "http://localhost:3000/";
const runs = Number(option("runs", "3"));
const cpu = Number(option("cpu", "4"));
const minMs = Number(option("min", "50"));
const mapsDir = option("maps", "dist/assets");
const top = Number(option("top", "8"));
const consent = args.includes("--consent");
const withCart = args.includes("--cart");
const tapProduct = option("tap", "");
const pointer = pointerOption(option("pointer", "touch"));

/** Quiet time after the load event before the trace stops, in ms (lazy parts, the cookie question and idle prefetches land in it). */
const SETTLE_MS = 6000;
/** The browser's own work inside a task, by trace event (what the profiler's "(program)" samples are): summed per task. */
const NATIVE = new Set(["ParseHTML", "ParseAuthorStyleSheet", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "HitTest", "v8.compile", "v8.compileModule", "CompileScript", "CacheScript", "MinorGC", "MajorGC", "V8.GC_SCAVENGER", "V8.GC_MC", "ResourceReceivedData", "ResourceFinish", "ResourceSendRequest", "ResourceReceiveResponse"]);
/** Frames of React's and the scheduler's own machinery: left out of a task's list of functions, which names the code they run. */
const MACHINERY = /react-dom-client|scheduler\.production|\(root\)|\(program\)|\(idle\)/;

/** Records one page load: the trace events. */
const trace = async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: pointer === "touch" });
    if (consent) await context.addCookies([{ name: "cookie_consent", value: "necessary", url }]);
    if (withCart) {
      const slug = new URL(url).pathname.split("/").filter(Boolean)[0];
      if (!slug) throw new Error("--cart needs a shop's page: URL's first path segment is the shop");
      const origin = new URL(url).origin;
      await context.addCookies([{ name: `festival-shop.cart.${slug}`, value: await createDemoCart(origin, await demoShop(origin, slug), "ticket"), url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    const events = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...data.value));
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,loading",
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    if (tapProduct) {
      const tile = page.getByRole("article", { name: tapProduct });
      const tileId = await tile.getAttribute("aria-labelledby");
      const box = await tile.getByRole("button", { name: "Add to cart" }).boundingBox();
      await cdp.send("Tracing.recordClockSyncMarker", { syncId: "tap" });
      await tapAt(page, pointer, box.x + box.width / 2, box.y + box.height / 2);
      await waitForTileAnswer(page, tileId, true);
      await page.waitForTimeout(1000);
    }
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    return events;
  } finally {
    await browser.close();
  }
};

const consumers = new Map();
/** The source map of a script URL of the page, when `--maps` has it. */
const sourceMapOf = (scriptUrl) => {
  if (consumers.has(scriptUrl)) return consumers.get(scriptUrl);
  const file = scriptUrl ? path.join(mapsDir, `${path.basename(new URL(scriptUrl, url).pathname)}.map`) : "";
  const consumer = file && existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8"))) : null;
  consumers.set(scriptUrl, consumer);
  return consumer;
};
/** A profile node's function as "name source:line" (source mapped when possible) and its source file. */
const frameOf = (node) => {
  const frame = node.callFrame;
  const map = frame.url ? sourceMapOf(frame.url) : null;
  if (map && frame.lineNumber >= 0) {
    const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original.source) {
      const source = original.source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
      return { name: `${original.name ?? frame.functionName ?? "(anonymous)"} ${source}:${original.line}`, source };
    }
  }
  const script = frame.url ? path.basename(frame.url) : "";
  return { name: `${frame.functionName || "(anonymous)"}${script ? ` ${script}` : ""}`, source: script || frame.functionName || "(native)" };
};

/** The renderer main thread's top-level tasks from the navigation on, and its CPU samples (time, stack of frames, innermost first). */
const analyse = (events) => {
  const mainThreads = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const tasksOf = new Map();
  for (const e of events) {
    if (e.ph !== "X" || (e.name !== "RunTask" && e.name !== "ThreadControllerImpl::RunTask")) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    if (!tasksOf.has(key)) tasksOf.set(key, []);
    tasksOf.get(key).push(e);
  }
  // The page's renderer: the main thread that worked longest.
  const [key, tasks] = [...tasksOf].sort((a, b) => b[1].reduce((s, e) => s + e.dur, 0) - a[1].reduce((s, e) => s + e.dur, 0))[0];
  const [pid, tid] = key.split(":").map(Number);
  const navigation = events.filter((e) => e.name === "navigationStart" && e.pid === pid).map((e) => e.ts).sort((a, b) => a - b).at(-1) ?? tasks[0].ts;
  const nodes = new Map();
  const parent = new Map();
  const samples = [];
  let clock = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") clock = e.args.data.startTime;
    if (e.name !== "ProfileChunk") continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) {
      nodes.set(node.id, node);
      if (node.parent) parent.set(node.id, node.parent);
    }
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => samples.push({ ts: (clock += deltas[i] ?? 0), id }));
  }
  const stackCache = new Map();
  const stackOf = (id) => {
    if (stackCache.has(id)) return stackCache.get(id);
    const stack = [];
    for (let at = id; at !== undefined && nodes.has(at); at = parent.get(at)) stack.push(frameOf(nodes.get(at)));
    stackCache.set(id, stack);
    return stack;
  };
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid)?.ts;
  // With --tap, the tasks from the tap on (the clock sync marker recorded just before it).
  const from = tapProduct ? events.find((e) => e.name === "clock_sync" && e.args?.sync_id === "tap")?.ts ?? navigation : navigation;
  const long = tasks.filter((t) => t.ts >= from && t.dur >= minMs * 1000).sort((a, b) => a.ts - b.ts);
  return {
    fcp: fcp === undefined ? undefined : (fcp - navigation) / 1000,
    tasks: long.map((task) => {
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur).map((s) => stackOf(s.id));
      // Outermost events of each native kind inside the task (a Layout inside a Layout counts once).
      const native = new Map();
      const inside = events.filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && NATIVE.has(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
      const openUntil = new Map();
      for (const e of inside) {
        if ((openUntil.get(e.name) ?? -1) >= e.ts + e.dur) continue;
        openUntil.set(e.name, e.ts + e.dur);
        native.set(e.name, (native.get(e.name) ?? 0) + e.dur / 1000);
      }
      return { at: (task.ts - navigation) / 1000, ms: task.dur / 1000, afterFcp: fcp !== undefined && task.ts >= fcp, stacks: inTask, native };
    }),
  };
};

/** The `n` keys with the highest counts, as "count% name". */
const ranked = (counts, total, n) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${Math.round((100 * count) / Math.max(total, 1))}% ${name}`);

console.log(`Long tasks (≥ ${minMs} ms at ${cpu}x CPU) of ${url}${consent ? " (cookie question answered)" : " (first visit)"}${withCart ? " with a cart" : ""}, ${runs} run(s)`);
const bySource = new Map();
const nativeAfterFcp = new Map();
const blockingPerRun = [];
for (let run = 1; run <= runs; run++) {
  const { fcp, tasks } = analyse(await trace());
  // As Lighthouse's TBT counts it: the part over the long-task threshold of each task after the first contentful paint.
  const blocking = tasks.filter((t) => t.afterFcp).reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
  blockingPerRun.push(blocking);
  console.log(`\nrun ${run}: first contentful paint at ${fcp === undefined ? "?" : Math.round(fcp)} ms; ${tasks.length} task(s) ≥ ${minMs} ms; after it ${Math.round(blocking)} ms over 50 ms in all`);
  for (const task of tasks) {
    const inclusive = new Map();
    const self = new Map();
    for (const stack of task.stacks) {
      const seen = new Set();
      for (const frame of stack) if (!MACHINERY.test(frame.name) && !seen.has(frame.name)) seen.add(frame.name);
      for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      const innermost = stack[0] ?? { name: "(unknown)", source: "(unknown)" };
      self.set(innermost.name, (self.get(innermost.name) ?? 0) + 1);
      // The task's time per source file: each sample to the file of its innermost function.
      bySource.set(innermost.source, (bySource.get(innermost.source) ?? 0) + task.ms / Math.max(task.stacks.length, 1));
    }
    console.log(`  ${Math.round(task.ms)} ms at ${Math.round(task.at)} ms${task.afterFcp ? "" : " (before the first paint)"} (${task.stacks.length} samples)`);
    console.log(`    in:   ${ranked(inclusive, task.stacks.length, top).join(" | ")}`);
    console.log(`    self: ${ranked(self, task.stacks.length, top).join(" | ")}`);
    const native = [...task.native].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]);
    if (native.length) console.log(`    browser: ${native.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(" | ")}`);
    if (task.afterFcp) for (const [name, ms] of task.native) nativeAfterFcp.set(name, (nativeAfterFcp.get(name) ?? 0) + ms);
  }
}
const sorted = [...blockingPerRun].sort((a, b) => a - b);
console.log(`\nover 50 ms after the first contentful paint, per run: median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms [${sorted.map(Math.round).join(", ")}]`);
console.log(`time of the long tasks per source file (ms per run, innermost function's file; "(program)" is the browser's own work: parsing, style, layout):`);
for (const [source, ms] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${String(Math.round(ms / runs)).padStart(5)}  ${source}`);
console.log(`the browser's own work in the long tasks after the first contentful paint (ms per run, by trace event):`);
for (const [name, ms] of [...nativeAfterFcp].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms / runs >= 1)) console.log(`  ${String(Math.round(ms / runs)).padStart(5)}  ${name}`);

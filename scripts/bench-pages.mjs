// Page views of a running shop under a rush: `views` GETs of one app page, `concurrency` at a time, as new
// visitors (no cookies), from this machine:
//   npm run bench:pages [-- BASE_URL] [--path=/lowlands-lights/tickets] [--views=600] [--concurrency=10]
// Prints pages per second, the p50 and p99 time to the whole page, the statuses, and how many pages came
// server-rendered (the page's JSON state `#ssr-state` is in the HTML) rather than as the plain app page the server
// falls back to. Start the shop as a visitor meets it: `npm run build && PORT=3400 DATA_DIR=.data/perf npm run serve`
// (the client rate limit, RATE_LIMIT_PER_MINUTE, stays on: it is part of what a rush meets). Traffic goes to BASE_URL
// only (default http://localhost:3000); the loop is bounded by `views`.
const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const base = (args.find((a) => !a.startsWith("--")) ?? "http://localhost:3000").replace(/\/+$/, "");
const path = option("path", "/lowlands-lights/tickets");
const views = Number(option("views", "600"));
const concurrency = Number(option("concurrency", "10"));

const timings = [];
const statuses = new Map();
let rendered = 0;
let started = 0;
const visitor = async () => {
  while (started < views) {
    started += 1;
    const t0 = performance.now();
    const answer = await fetch(`${base}${path}`, { headers: { accept: "text/html", "accept-language": "en" } });
    const html = await answer.text();
    timings.push(performance.now() - t0);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (html.includes('id="ssr-state"')) rendered += 1;
  }
};
const t0 = performance.now();
await Promise.all(Array.from({ length: concurrency }, visitor));
const seconds = (performance.now() - t0) / 1000;
const sorted = [...timings].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
console.log(
  `pages: path=${path} views=${timings.length} concurrency=${concurrency} seconds=${seconds.toFixed(1)} pages_per_s=${(timings.length / seconds).toFixed(1)}` +
    ` p50_ms=${Math.round(at(0.5))} p99_ms=${Math.round(at(0.99))} statuses=${[...statuses].map(([s, n]) => `${s}:${n}`).join(",")} server_rendered=${rendered}`,
);

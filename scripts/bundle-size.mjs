// Prints the first-load JavaScript (gzipped) of `/` and `/{slug}/tickets` from the Vite build manifest:
// the entry chunk, its static imports, and the lazily loaded route modules with their static imports.
// Run after `vite build`: npm run bench:bundle
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8"));
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const weigh = (keys) => {
  const files = new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith(".js")));
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(`dist/${file}`);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gzip };
};
const routes = {
  "/": ["index.html", "ui/events/event-chooser.route.tsx"],
  "/{slug}/tickets": ["index.html", "ui/shell/shop-layout.route.tsx", "ui/tickets/tickets.route.tsx"],
  "/{slug}/checkout": ["index.html", "ui/shell/shop-layout.route.tsx", "ui/checkout/checkout.route.tsx"],
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log("route                 files   raw JS     gzipped JS");
for (const [route, entries] of Object.entries(routes)) {
  const keys = new Set();
  for (const entry of entries) {
    if (!manifest[entry]) throw new Error(`no ${entry} in the build manifest`);
    closure(entry, keys);
  }
  const { files, raw, gzip } = weigh(keys);
  console.log(`${route.padEnd(20)}  ${String(files).padStart(5)}  ${kb(raw).padStart(10)}  ${kb(gzip).padStart(10)}`);
}

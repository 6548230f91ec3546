// The JavaScript a server-rendered page of a running shop makes the browser load before the app hydrates, per page
// state:
//   npm run bench:first-load [-- BASE_URL]
// `npm run bench:bundle` weighs each route's static import closure from the build; this asks the shop itself. For
// `/`, `/{slug}`, `/{slug}/tickets` and `/{slug}/checkout` of the first shop of GET /api/v2/shops (default base
// http://localhost:3000) it requests the page as three visitors: one with the cookie question answered and no cart,
// one with a cart holding a ticket, and one with that cart on a first visit (no consent cookie). It reads what the
// page names (the boot script and its modulepreloads, and the `#app-modules` plan ui/boot.ts runs: the entry's chunks,
// the route's modules, the language's messages and the lazy parts the page shows, ui/common/lazy-part.tsx), fetches
// each file as a browser that takes gzip but not brotli would (accept-encoding: gzip) and prints their count and the
// bytes the shop sent (the build's .gz files, vite.config.ts precompress).
import { get } from "node:http";
import { createDemoCart, demoShop } from "./demo-cart.mjs";

const base = (process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "http://localhost:3000").replace(/\/+$/, "");
const measured = await demoShop(base);
const { shop } = measured;
const cartId = await createDemoCart(base, measured, "ticket");
// The cookies the web app and the server read: consent (adapters/cookies/cookie-consent-store.ts) and the cart id (cookie-cart-id-store.ts).
const cartCookie = `festival-shop.cart.${shop.slug}=${cartId}`;
const visitors = [
  ["no cart", "cookie_consent=all"],
  ["cart", `cookie_consent=all; ${cartCookie}`],
  ["cart, first visit", cartCookie],
];

const sizes = new Map();
/** The bytes the shop sends for `file` to a browser that takes gzip (fetch would inflate them, so node:http counts). */
const sentGzip = (file) =>
  new Promise((resolve, reject) => {
    get(base + file, { headers: { "accept-encoding": "gzip" } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET ${file}: ${response.statusCode}`));
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
const gzipSizeOf = async (file) => {
  if (!sizes.has(file)) sizes.set(file, await sentGzip(file));
  return sizes.get(file);
};

console.log(`JavaScript loaded before hydration, server-rendered pages of ${base} (gzip KiB)`);
console.log(["page".padEnd(30), "visitor".padEnd(18), "files".padStart(5), "gzip".padStart(10)].join(" "));
for (const path of ["/", `/${shop.slug}`, `/${shop.slug}/tickets`, `/${shop.slug}/checkout`]) {
  for (const [visitor, cookie] of visitors) {
    const html = await (await fetch(base + path, { headers: { cookie } })).text();
    const planText = /<script type="application\/json" id="app-modules">(.*?)<\/script>/s.exec(html)?.[1];
    if (!planText) throw new Error(`${path}: not server-rendered (no #app-modules plan)`);
    const plan = JSON.parse(planText);
    const named = [...html.matchAll(/<(?:script type="module"[^>]*\bsrc|link rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
    const files = [...new Set([...named, ...plan.run, ...plan.preload])].filter((file) => file.endsWith(".js"));
    let gzip = 0;
    for (const file of files) gzip += await gzipSizeOf(file);
    console.log([path.padEnd(30), visitor.padEnd(18), String(files.length).padStart(5), `${(gzip / 1024).toFixed(1)} KiB`.padStart(10)].join(" "));
  }
}

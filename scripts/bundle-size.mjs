// Prints what each route of the web app sends over the wire as first-load JavaScript: the entry chunk, the
// messages of one language (the heaviest; the app loads the visitor's before its first render) and the route's lazy
// modules (layouts first) with their static imports, each file asked of the shop's own static file serving
// (server/http/site-routes.ts) with accept-encoding identity, gzip and br. The routes come from the app's
// route tables and the build manifest (scripts/bundle-weights.ts), so a new route is weighed without editing this.
// "then lazy" is the gzipped JavaScript those routes import lazily (the language picker, the error modal, single
// sign-on), fetched after the first load or on use. Run after `vite build`: npm run bench:bundle
import { FIRST_LOAD_BUDGET_GZIP, weighRoutes } from "./bundle-weights.ts";

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const weights = await weighRoutes(process.cwd());
console.log(`first-load JavaScript per route, on the wire (budget ${FIRST_LOAD_BUDGET_GZIP / 1000} KB = ${kib(FIRST_LOAD_BUDGET_GZIP)} gzipped)`);
console.log(["route".padEnd(30), "files", "raw".padStart(11), "gzip".padStart(11), "br".padStart(11), "then lazy".padStart(11), " budget"].join(" "));
for (const w of weights) {
  const verdict = w.gzip <= FIRST_LOAD_BUDGET_GZIP ? "ok" : `OVER by ${kib(w.gzip - FIRST_LOAD_BUDGET_GZIP)}`;
  console.log([w.route.padEnd(30), String(w.files.length).padStart(5), kib(w.raw).padStart(11), kib(w.gzip).padStart(11), kib(w.br).padStart(11), kib(w.deferredGzip).padStart(11), ` ${verdict}`].join(" "));
}

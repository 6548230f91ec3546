import { weighRoutes } from "../scripts/bundle-weights.ts";
const w = await weighRoutes(process.cwd());
for (const r of w) if (r.route === "/{slug}") console.log(r.route, r.gzip, JSON.stringify(r.files));

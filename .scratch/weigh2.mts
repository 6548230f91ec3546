import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { weighRoutes } from "../scripts/bundle-weights.ts";
const w = await weighRoutes(process.cwd());
const r = w.find((x) => x.route === "/{slug}")!;
for (const f of r.files) console.log(gzipSync(readFileSync(`dist/${f}`)).length, f.replace(/-[\w-]{8}\.js$/, ""));

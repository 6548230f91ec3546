import { loadSheddingSuite } from "./load-shedding.suite.ts";
import { openPglite } from "./server-harness.ts";

loadSheddingSuite("PGlite (memory://)", openPglite);

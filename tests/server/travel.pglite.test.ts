import { openPglite } from "./server-harness.ts";
import { travelSuite } from "./travel.suite.ts";

travelSuite("PGlite (memory://)", openPglite);

import { holdBoundsSuite } from "./hold-bounds.suite.ts";
import { openPglite } from "./server-harness.ts";

holdBoundsSuite("PGlite (memory://)", openPglite);

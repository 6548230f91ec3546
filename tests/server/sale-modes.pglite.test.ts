import { saleModesSuite } from "./sale-modes.suite.ts";
import { openPglite } from "./server-harness.ts";

saleModesSuite("PGlite (memory://)", openPglite);

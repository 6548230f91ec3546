import { openPglite } from "./server-harness.ts";
import { queueTokensSuite } from "./queue-tokens.suite.ts";

queueTokensSuite("PGlite (memory://)", openPglite);

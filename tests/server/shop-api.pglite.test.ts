import { openPglite } from "./server-harness.ts";
import { shopApiSuite } from "./shop-api.suite.ts";

shopApiSuite("PGlite (memory://)", openPglite);

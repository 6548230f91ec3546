import { shippingSuite } from "./shipping.suite.ts";
import { openPglite } from "./server-harness.ts";

shippingSuite("PGlite (memory://)", openPglite);

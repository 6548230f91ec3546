import { cartGuardSuite } from "./cart-guard.suite.ts";
import { openPglite } from "./server-harness.ts";

cartGuardSuite("PGlite (memory://)", openPglite);

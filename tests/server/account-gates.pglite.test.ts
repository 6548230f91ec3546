import { accountGatesSuite } from "./account-gates.suite.ts";
import { openPglite } from "./server-harness.ts";

accountGatesSuite("PGlite (memory://)", openPglite);

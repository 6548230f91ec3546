import { accountOrdersSuite } from "./account-orders.suite.ts";
import { openPglite } from "./server-harness.ts";

accountOrdersSuite("PGlite (memory://)", openPglite);

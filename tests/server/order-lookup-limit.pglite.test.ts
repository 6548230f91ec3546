import { orderLookupLimitSuite } from "./order-lookup-limit.suite.ts";
import { openPglite } from "./server-harness.ts";

orderLookupLimitSuite("PGlite (memory://)", openPglite, false);

import { paymentsSuite } from "./payments.suite.ts";
import { openPglite } from "./server-harness.ts";

paymentsSuite("PGlite (memory://)", openPglite);

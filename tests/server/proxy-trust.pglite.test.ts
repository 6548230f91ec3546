import { proxyTrustSuite } from "./proxy-trust.suite.ts";
import { openPglite } from "./server-harness.ts";

proxyTrustSuite("PGlite (memory://)", openPglite, false);

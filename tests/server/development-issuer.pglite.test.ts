import { developmentIssuerSuite } from "./development-issuer.suite.ts";
import { openPglite } from "./server-harness.ts";

developmentIssuerSuite("PGlite (memory://)", openPglite, false);

import { identityStoreSuite } from "./identity-store.suite.ts";
import { openPglite } from "./server-harness.ts";

identityStoreSuite("PGlite (memory://)", openPglite);

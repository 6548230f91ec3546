import { openPglite } from "./server-harness.ts";
import { upgradeOnceSuite } from "./upgrade-once.suite.ts";

upgradeOnceSuite("PGlite (memory://)", openPglite);

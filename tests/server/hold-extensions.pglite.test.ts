import { holdExtensionsSuite } from "./hold-extensions.suite.ts";
import { openPglite } from "./server-harness.ts";

holdExtensionsSuite("PGlite (memory://)", openPglite);

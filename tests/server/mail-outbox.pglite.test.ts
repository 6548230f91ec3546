import { mailOutboxSuite } from "./mail-outbox.suite.ts";
import { openPglite } from "./server-harness.ts";

mailOutboxSuite("PGlite (memory://)", openPglite);

import { addOnWaitingListSuite } from "./add-on-waiting-list.suite.ts";
import { openPglite } from "./server-harness.ts";

addOnWaitingListSuite("PGlite (memory://)", openPglite);

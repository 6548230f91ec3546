import { openPglite } from "./server-harness.ts";
import { closedDoorsSuite } from "./closed-doors.suite.ts";

closedDoorsSuite("PGlite (memory://)", openPglite);

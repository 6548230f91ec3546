import { openPglite } from "./server-harness.ts";
import { preQueueSuite } from "./waiting-room-pre-queue.suite.ts";

preQueueSuite("PGlite (memory://)", openPglite);

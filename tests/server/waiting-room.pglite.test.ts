import { openPglite } from "./server-harness.ts";
import { waitingRoomSuite } from "./waiting-room.suite.ts";

waitingRoomSuite("PGlite (memory://)", openPglite);

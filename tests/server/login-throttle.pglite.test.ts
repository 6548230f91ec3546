import { loginThrottleSuite } from "./login-throttle.suite.ts";
import { openPglite } from "./server-harness.ts";

loginThrottleSuite("PGlite (memory://)", openPglite, false);

import { loginThrottleSuite } from "./login-throttle.suite.ts";
import { openPostgres } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL and a redis-server of the suite's own; unreachable = failure, not skip.
loginThrottleSuite("PostgreSQL", openPostgres, false);
loginThrottleSuite("PostgreSQL", openPostgres, true);

import { orderLookupLimitSuite } from "./order-lookup-limit.suite.ts";
import { openPostgres } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL and a redis-server of the suite's own; unreachable = failure, not skip.
orderLookupLimitSuite("PostgreSQL", openPostgres, true);

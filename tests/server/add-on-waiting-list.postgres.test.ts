import { addOnWaitingListSuite } from "./add-on-waiting-list.suite.ts";
import { openPostgres } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
addOnWaitingListSuite("PostgreSQL", openPostgres, { concurrency: true });

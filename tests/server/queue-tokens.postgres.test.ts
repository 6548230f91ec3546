import { openPostgres } from "./server-harness.ts";
import { queueTokensSuite } from "./queue-tokens.suite.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
queueTokensSuite("PostgreSQL", openPostgres);

import { holdBoundsSuite } from "./hold-bounds.suite.ts";
import { openPostgres } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
holdBoundsSuite("PostgreSQL", openPostgres);

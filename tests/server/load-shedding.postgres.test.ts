import { loadSheddingSuite } from "./load-shedding.suite.ts";
import { openPostgres } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
loadSheddingSuite("PostgreSQL", openPostgres);

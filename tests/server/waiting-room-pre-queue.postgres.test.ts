import { openPostgres } from "./server-harness.ts";
import { preQueueSuite } from "./waiting-room-pre-queue.suite.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
preQueueSuite("PostgreSQL", openPostgres);

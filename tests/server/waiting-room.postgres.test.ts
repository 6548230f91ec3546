import { openPostgres } from "./server-harness.ts";
import { waitingRoomSuite } from "./waiting-room.suite.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
waitingRoomSuite("PostgreSQL", openPostgres);
// Joins counted in Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379; unreachable = failure), the line in PostgreSQL.
waitingRoomSuite("Redis with PostgreSQL", openPostgres, process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379");

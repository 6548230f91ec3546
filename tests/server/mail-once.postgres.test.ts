import { mailOnceSuite, postgresOutbox } from "./mail-once.suite.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
mailOnceSuite("PostgreSQL", postgresOutbox, { twoWorkers: true });

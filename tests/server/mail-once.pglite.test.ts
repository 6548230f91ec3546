import { mailOnceSuite, pgliteOutbox } from "./mail-once.suite.ts";

// PGlite in a directory on disk: one worker process opens it at a time (an embedded database), so the processes take turns.
mailOnceSuite("PGlite (a data directory)", pgliteOutbox);

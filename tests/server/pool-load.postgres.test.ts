import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolWaitOf } from "../../server/db/pool-load.ts";
import { openPostgres, type TestDatabase } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
describe("the database pool's estimated wait (poolWaitOf)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openPostgres();
  });
  afterAll(async () => database.dispose());

  it("is the queries waiting for a connection divided by the pace the pool handed connections out over the last second", async () => {
    let nowMs = 0;
    const wait = poolWaitOf(database.db, () => nowMs);
    // The pool's ten connections busy for a while, two more queries waiting for one.
    const busy = Array.from({ length: 12 }, () => database.db.execute(sql`select pg_sleep(0.5)`).then(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(wait()).toBe(0);
    nowMs = 1000;
    // Ten handed out in the last second, two waiting: two tenths of a second.
    expect(wait()).toBe(200);
    await Promise.all(busy);
    expect(wait()).toBe(0);
  });
});

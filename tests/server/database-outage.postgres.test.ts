import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/raw-rows.ts";
import { freshServer, injectJson, openPostgres, TEST_POSTGRES_URL, testClock, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

// PostgreSQL dropping the server's connections (pg_terminate_backend, a restart, a stop) must not end
// the process. While the database refuses connections the API answers 503 service.unavailable in the envelope, never
// 500 and never a hang; once it accepts them again the server serves by itself, and no unit of stock is lost.
describe("the server while PostgreSQL drops its connections", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let databaseName: string;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  const clock = testClock();
  const PRODUCT = "ll_ticket_weekend";

  beforeAll(async () => {
    database = await openPostgres();
    await admin.connect();
    [{ name: databaseName }] = (await queryRows<{ name: string }>(database.db, sql`select current_database() as name`)) as [{ name: string }];
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
    await database?.dispose();
  });
  afterEach(async () => {
    await app?.close();
  });

  /** Refuses new connections to the throwaway database and terminates every backend it has (the server's pool included). */
  const takeDatabaseAway = async () => {
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    const { rows } = await admin.query<{ terminated: boolean }>("select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1", [databaseName]);
    return rows.length;
  };
  const bringDatabaseBack = () => admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
  /** Stock plus units held in carts of the weekend ticket, read on the admin connection (the server's pool may be down). */
  const stockPlusHeld = async () => {
    const probe = new pg.Client({ connectionString: new URL(`/${databaseName}`, TEST_POSTGRES_URL).toString() });
    await probe.connect();
    try {
      const { rows } = await probe.query<{ total: number }>(
        "select (select stock from products where shop_slug = 'lowlands-lights' and id = $1) + coalesce((select sum(quantity) from cart_items where product_id = $1), 0)::int as total",
        [PRODUCT],
      );
      return rows[0]!.total;
    } finally {
      await probe.end();
    }
  };
  const cartWith = async (quantity: number) => {
    const id = (await injectJson(app, "POST", "/api/v2/carts", {})).json().data.id as string;
    expect((await injectJson(app, "PUT", `/api/v2/carts/${id}/products`, { productId: PRODUCT, quantity })).statusCode).toBe(200);
    return id;
  };
  const expectUnavailable = (answer: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) => {
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ error: { code: "service.unavailable", message: expect.any(String) } });
    expect(answer.headers["retry-after"]).toBe("5");
  };

  it("answers 503 in the envelope while the database is away, also for a transaction cut in the middle, and serves again by itself once it is back", async () => {
    app = await freshServer(database, clock.now, { rateLimit: false });
    const carts = [await cartWith(2), await cartWith(3)];
    const before = await stockPlusHeld();

    // A request inside a transaction, waiting on a row lock another connection holds, when the backends are terminated:
    // its checked-out client loses the connection (the 'error' event that ended the process before).
    const blocker = new pg.Client({ connectionString: new URL(`/${databaseName}`, TEST_POSTGRES_URL).toString() });
    blocker.on("error", () => undefined);
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("select id from carts where id = $1 for update", [carts[0]]);
    const cutInTheMiddle = injectJson(app, "PUT", `/api/v2/carts/${carts[0]}`, VALID_DETAILS);
    // The request is waiting for the lock once PostgreSQL shows a backend of the server waiting on it.
    for (;;) {
      const { rows } = await admin.query("select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [databaseName]);
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Traffic of line changes at the moment the connections go.
    const traffic = Array.from({ length: 20 }, (_, i) => injectJson(app, "PUT", `/api/v2/carts/${carts[i % 2]}/products`, { productId: PRODUCT, quantity: 1 + (i % 4) }));
    expect(await takeDatabaseAway()).toBeGreaterThan(0);
    expectUnavailable(await cutInTheMiddle);
    for (const answer of await Promise.all(traffic)) expect([200, 409, 503]).toContain(answer.statusCode);

    // Away: reads and writes answer 503 at once.
    expectUnavailable(await injectJson(app, "GET", `/api/v2/carts/${carts[1]}`));
    expectUnavailable(await injectJson(app, "PUT", `/api/v2/carts/${carts[1]}/products`, { productId: PRODUCT, quantity: 1 }));
    expectUnavailable(await injectJson(app, "POST", "/api/v2/carts", {}));

    // Back: the same server answers again without a restart.
    await bringDatabaseBack();
    expect((await injectJson(app, "GET", `/api/v2/carts/${carts[1]}`)).statusCode).toBe(200);
    expect((await injectJson(app, "PUT", `/api/v2/carts/${carts[1]}/products`, { productId: PRODUCT, quantity: 4 })).statusCode).toBe(200);
    expect((await injectJson(app, "PUT", `/api/v2/carts/${carts[0]}`, VALID_DETAILS)).statusCode).toBe(200);
    expect(await stockPlusHeld()).toBe(before);
  });
});

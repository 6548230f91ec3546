import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { changeCartLines, readCartContents } from "../../server/cart/cart-store.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { preparedRows, queryRows } from "../../server/db/raw-rows.ts";
import { openPostgres } from "./server-harness.ts";

// One pooled connection, so what a statement leaves on its session (prepared statements, settings) is visible to the next.
vi.stubEnv("DB_POOL_MAX", "1");
const database = await openPostgres();
vi.unstubAllEnvs();
afterAll(() => database.dispose());
const db = database.db;

const preparedNamed = async (name: string) =>
  (await queryRows<{ name: string }>(db, sql`select name from pg_prepared_statements where name = ${name}`)).length;

describe("named prepared statements on PostgreSQL (preparedRows)", () => {
  it("prepares a statement once per connection and answers each call with its own parameters", async () => {
    expect(await preparedRows(db, "probe-sum", sql`select ${1}::int + ${2}::int as n`)).toEqual([{ n: 3 }]);
    expect(await preparedRows(db, "probe-sum", sql`select ${40}::int + ${2}::int as n`)).toEqual([{ n: 42 }]);
    expect(await preparedNamed("probe-sum")).toBe(1);
  });

  it("runs unnamed inside a transaction, leaving nothing prepared on the connection", async () => {
    const rows = await db.transaction((tx) => preparedRows(tx, "probe-in-tx", sql`select ${7}::int as n`));
    expect(rows).toEqual([{ n: 7 }]);
    expect(await preparedNamed("probe-in-tx")).toBe(0);
  });

  it("reads cart contents and changes a line as prepared statements; the asynchronous commit does not outlive the change", async () => {
    await resetDemoCatalogue(db);
    const id = randomUUID();
    const now = new Date();
    await db.execute(sql`insert into carts (id, shop_slug, status, expires_at, created_at) values (${id}, 'lowlands-lights', 'shopping', ${new Date(now.getTime() + 60_000).toISOString()}, ${now.toISOString()})`);
    const [contents] = await readCartContents(db, [{ shopSlug: "lowlands-lights", cartId: id, productId: "ll_extra_locker" }]);
    expect(await changeCartLines(db, [{ cart: contents!.cart!, productId: "ll_extra_locker", quantity: 2, delta: 2, now }])).toEqual(["done"]);
    expect(await preparedNamed("cart-contents")).toBe(1);
    expect(await preparedNamed("cart-lines-change")).toBe(1);
    // set_config(..., true) lasts for the change's own transaction only: the pooled connection commits synchronously again.
    expect(await queryRows(db, sql`show synchronous_commit`)).toEqual([{ synchronous_commit: "on" }]);
    const [after] = await readCartContents(db, [{ shopSlug: "lowlands-lights", cartId: id, productId: "ll_extra_locker" }]);
    expect(after?.lines).toEqual({ ll_extra_locker: 2 });
  });
});

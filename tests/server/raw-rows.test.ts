import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { queryRows, tableRowMapper } from "../../server/db/raw-rows.ts";
import { carts } from "../../server/db/schema.ts";
import { openPglite } from "./server-harness.ts";

const database = await openPglite();
afterAll(() => database.dispose());
const toCartRow = tableRowMapper(carts);

describe("sql statements with drizzle's column mapping (raw-rows)", () => {
  it("maps SELECT * of carts to the same row the query builder answers (timestamps as Date, jsonb parsed)", async () => {
    await resetDemoCatalogue(database.db);
    const id = randomUUID();
    await database.db.insert(carts).values({
      id,
      shopSlug: "lowlands-lights",
      status: "shopping",
      expiresAt: new Date("2027-06-01T12:15:00.123Z"),
      createdAt: new Date("2027-06-01T12:00:00Z"),
      details: { email: "anna@example.com", streetNumber: 12 },
      voucherCode: "SUMMER10",
    });
    const [raw] = await queryRows(database.db, sql`select * from carts where id = ${id}`);
    const [built] = await database.db.select().from(carts);
    expect(toCartRow(raw!)).toEqual(built);
    expect(toCartRow(raw!).expiresAt).toEqual(new Date("2027-06-01T12:15:00.123Z"));
    expect(toCartRow(raw!).cartToken).toBeNull();
  });

  it("refuses a row that lacks one of the table's columns", () => {
    expect(() => toCartRow({ id: randomUUID(), status: "shopping" })).toThrow(/carts lacks column shop_slug/);
  });
});

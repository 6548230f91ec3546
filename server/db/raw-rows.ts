import { getTableColumns, getTableName, type SQL } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, Tx } from "./database.ts";

/*
 * The hot cart calls (POST /carts, PUT /carts/{id}/products, the cart lock) write their statements as drizzle `sql`
 * templates instead of the query builder: on the benchmark machine the builder spends about 75 µs (a locking select)
 * to 130 µs (a two-join select) composing one statement, a `sql` template about 4 µs (README "Benchmarks"). Values
 * stay bound parameters; the column mapping is still drizzle's own (tableRowMapper).
 */

/** Runs a drizzle `sql` statement on either driver (node-postgres or PGlite) and answers its rows keyed by column name, values as the driver gives them (timestamps as text, jsonb parsed). Rejects with the driver's error. */
export const queryRows = async <Row extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const dialect = new PgDialect();

/**
 * queryRows as a named prepared statement of node-postgres when `db` is the pool: PostgreSQL parses and plans it once
 * per connection instead of on every call (README "Benchmarks": the cart read 0.26 ms against 1.17 ms of PostgreSQL
 * time). `name` must always go with the same SQL text (only parameters vary); node-postgres rejects a name reused with
 * another text. Inside a transaction and on PGlite it is queryRows. Values come as node-postgres parses them (a
 * top-level timestamptz as a Date, where queryRows gives text; json and jsonb parsed alike). Rejects with the driver's
 * error.
 */
export const preparedRows = async <Row extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, name: string, query: SQL): Promise<Row[]> => {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query<Row>({ name, text, values: params })).rows;
};

/**
 * A function turning a raw row of `table` (keys = column names, as queryRows answers `SELECT *`) into the table's
 * select type, each value through its column's own drizzle mapping (timestamptz text -> Date, jsonb, ...); SQL NULL
 * stays null. Throws when a column is missing from the row (a statement that does not select the whole table).
 */
export const tableRowMapper = <T extends PgTable>(table: T): ((raw: Record<string, unknown>) => T["$inferSelect"]) => {
  const tableName = getTableName(table);
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      if (!(name in raw)) throw new Error(`A row of ${tableName} lacks column ${name}`);
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T["$inferSelect"];
  };
};

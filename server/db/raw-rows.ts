import { getTableColumns, getTableName, type SQL } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, Tx } from "./database.ts";

/*
 * The hot cart calls (POST /carts, PUT /carts/{id}/products, the cart lock) write their statements as drizzle `sql`
 * templates instead of the query builder, which spends far more CPU composing a statement. Values stay
 * bound parameters; the column mapping is still drizzle's own (tableRowMapper).
 */

/** Runs a drizzle `sql` statement on either driver (node-postgres or PGlite) and answers its rows keyed by column name, values as the driver gives them (timestamps as text, jsonb parsed). Rejects with the driver's error. */
export const queryRows = async <Row extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

const dialect = new PgDialect();

/**
 * queryRows as a named prepared statement when `db` is the pool, so PostgreSQL plans it once per connection; `name`
 * must always go with the same SQL. Inside a transaction and on PGlite it is queryRows.
 */
export const preparedRows = async <Row extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, name: string, query: SQL): Promise<Row[]> => {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query<Row>({ name, text, values: params })).rows;
};

/**
 * Maps a raw row of `table` (column names as keys) to its select type through each column's drizzle mapping; throws
 * when a column is missing.
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

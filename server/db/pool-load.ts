import pg from "pg";
import type { Db } from "./database.ts";

/**
 * A reader of how many queries of `db` wait for a free connection of its node-postgres pool right now (DB_POOL_MAX
 * connections; a query past them waits up to DB_CONNECT_TIMEOUT_MS): what load shedding reads before a request
 * would join that wait. Always 0 on PGlite, which has one connection and no pool.
 */
export const poolWaitingOf = (db: Db): (() => number) => {
  const client = (db as unknown as { readonly $client?: unknown }).$client;
  return client instanceof pg.Pool ? () => client.waitingCount : () => 0;
};

import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Db } from "./database.ts";

/** How long one measurement of the pool's pace lasts, in ms. */
const PACE_WINDOW_MS = 1000;

/**
 * A reader of how long a query of `db` that asks for a connection now would wait, in ms, estimated as the queries
 * already waiting for one of the node-postgres pool's DB_POOL_MAX connections divided by the pace at which the pool
 * handed connections out over the last second: what load shedding reads before a request would join that wait (a
 * wait past DB_CONNECT_TIMEOUT_MS fails the request half-way). Infinity when queries wait and none was handed out for
 * a second (the database away); 0 with nobody waiting, in the first second, and always on PGlite, which has no pool.
 */
export const poolWaitOf = (db: Db, now: () => number = () => performance.now()): (() => number) => {
  const client = (db as unknown as { readonly $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return () => 0;
  const pool = client;
  let handedOut = 0;
  pool.on("acquire", () => void (handedOut += 1));
  let windowStart = now();
  let handedOutAtStart = 0;
  let perMs: number | undefined;
  return () => {
    const at = now();
    if (at - windowStart >= PACE_WINDOW_MS) {
      perMs = (handedOut - handedOutAtStart) / (at - windowStart);
      windowStart = at;
      handedOutAtStart = handedOut;
    }
    const waiting = pool.waitingCount;
    if (waiting === 0 || perMs === undefined) return 0;
    return perMs > 0 ? waiting / perMs : Number.POSITIVE_INFINITY;
  };
};

import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Db } from "./database.ts";

/** How long one measurement of the pool's pace lasts, in ms. */
const PACE_WINDOW_MS = 1000;

/**
 * How long (ms) a query asking for a pool connection now would wait: the waiting queries divided by the pace
 * connections were handed out over the last second. Read by load shedding; 0 on PGlite.
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

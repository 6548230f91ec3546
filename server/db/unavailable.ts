/*
 * Which driver failures mean "the database cannot be reached right now" (PostgreSQL restarting, stopped, its backends
 * terminated, the network gone), as opposed to a bug or a refused statement. The HTTP edge answers those 503
 * service.unavailable instead of 500 (docs/shop-api.md "When PostgreSQL is away"); the pool replaces the broken
 * connections by itself, so the next request after PostgreSQL is back succeeds.
 */

/** SQLSTATE classes and codes of a lost or refused connection: 08 connection exception, 57P01-57P03 admin/crash shutdown and "cannot connect now", 53300 too many connections, 55000 "database is not accepting connections". */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|55000)$/;
/** Socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres' own messages for a connection that ended or a pool connect that timed out. */
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended/i;

/** True when `error`, or an error in its `cause` chain (drizzle wraps driver errors), says the database is unreachable. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    // A Unix socket whose file is gone: the server is stopped (its socket is removed until it is back).
    if (code === "ENOENT" && (current as { syscall?: unknown }).syscall === "connect") return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
};

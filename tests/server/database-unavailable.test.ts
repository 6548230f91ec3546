import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../server/db/unavailable.ts";

const errnoError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("which driver failures mean the database is away (answered 503, not 500)", () => {
  it("counts a refused or cut connection, over TCP or a Unix socket whose file is gone", () => {
    expect(isDatabaseUnavailable(errnoError("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED", syscall: "connect" }))).toBe(true);
    expect(isDatabaseUnavailable(errnoError("connect ENOENT /tmp/pg/.s.PGSQL.5432", { code: "ENOENT", syscall: "connect" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: errnoError("terminating connection due to administrator command", { code: "57P01" }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("does not count a missing file that is not a connection, a refused statement or a bug", () => {
    expect(isDatabaseUnavailable(errnoError("open ENOENT dist/index.html", { code: "ENOENT", syscall: "open" }))).toBe(false);
    expect(isDatabaseUnavailable(errnoError("duplicate key value violates unique constraint", { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
  });
});

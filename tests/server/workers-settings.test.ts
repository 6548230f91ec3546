import { describe, expect, it } from "vitest";
import { workersFromEnv } from "../../server/cluster/workers.ts";

const POSTGRES = "postgres://postgres@127.0.0.1:5432/test";
const REDIS = "redis://127.0.0.1:6379";

describe("WORKERS (workersFromEnv)", () => {
  it("defaults to one worker on PGlite, one per core on PostgreSQL with Redis, and one (with a note) on PostgreSQL without Redis", () => {
    expect(workersFromEnv({}, 8)).toEqual({ workers: 1 });
    expect(workersFromEnv({ DATABASE_URL: POSTGRES, REDIS_URL: REDIS }, 8)).toEqual({ workers: 8 });
    const withoutRedis = workersFromEnv({ DATABASE_URL: POSTGRES }, 8);
    expect(withoutRedis.workers).toBe(1);
    expect(withoutRedis.note).toMatch(/REDIS_URL/);
  });

  it("takes an explicit count, and WORKERS=1 anywhere", () => {
    expect(workersFromEnv({ WORKERS: "3", DATABASE_URL: POSTGRES, REDIS_URL: REDIS }, 2)).toEqual({ workers: 3 });
    expect(workersFromEnv({ WORKERS: "1" }, 8)).toEqual({ workers: 1 });
    expect(workersFromEnv({ WORKERS: "1", DATABASE_URL: POSTGRES }, 8)).toEqual({ workers: 1 });
  });

  it("refuses N > 1 on PGlite, N > 1 without Redis, and a count that is no whole number of at least 1", () => {
    expect(() => workersFromEnv({ WORKERS: "2", REDIS_URL: REDIS }, 2)).toThrow(/needs PostgreSQL/);
    expect(() => workersFromEnv({ WORKERS: "2", DATABASE_URL: POSTGRES }, 2)).toThrow(/needs REDIS_URL/);
    for (const bad of ["0", "-1", "1.5", "two", "2x"]) expect(() => workersFromEnv({ WORKERS: bad, DATABASE_URL: POSTGRES, REDIS_URL: REDIS }, 2)).toThrow(/whole number/);
  });
});

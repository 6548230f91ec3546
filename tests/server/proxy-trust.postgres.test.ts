import { describe, expect, it } from "vitest";
import { freePort, startServerProcess } from "../support/server-process.ts";
import { proxyTrustSuite } from "./proxy-trust.suite.ts";
import { openPostgres } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL and a redis-server of the suite's own; unreachable = failure, not skip.
proxyTrustSuite("PostgreSQL", openPostgres, true);

describe("TRUST_PROXY=true at start", () => {
  it("is refused: the server exits and says what to set instead", async () => {
    const started = startServerProcess(await freePort(), { TRUST_PROXY: "true" }, 60_000);
    await expect(started).rejects.toThrow(/exited \(1\)[\s\S]*TRUST_PROXY=true is refused[\s\S]*TRUST_PROXY=1[\s\S]*addresses or CIDR ranges/);
  }, 90_000);
});

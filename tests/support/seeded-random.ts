import { createHash } from "node:crypto";
import type { RandomInt } from "../../server/queue/pre-queue-shuffle.ts";

/**
 * A reproducible RandomInt for tests: SHA-256 of `seed` and a counter gives 48 uniform bits per draw, mapped onto
 * [0, maxExclusive) by rejection (no modulo bias). The same seed gives the same draws.
 */
export const seededRandomInt = (seed: string): RandomInt => {
  let counter = 0;
  const draw48 = () => createHash("sha256").update(`${seed}:${counter++}`).digest().readUIntBE(0, 6);
  return (maxExclusive) => {
    const limit = Math.floor(2 ** 48 / maxExclusive) * maxExclusive;
    for (;;) {
      const value = draw48();
      if (value < limit) return value % maxExclusive;
    }
  };
};

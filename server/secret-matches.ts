import { timingSafeEqual } from "node:crypto";

/** Constant-time comparison of a secret a request gave (shop token, cart token, admin token) with the expected one; false when none was given. */
export const secretMatches = (given: string | undefined, expected: string): boolean => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

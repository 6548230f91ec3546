import { randomInt } from "node:crypto";

/*
 * The fair start of a sale (its opening time): everyone who arrived before the opening is put in one uniformly random
 * order, made once, with a cryptographically secure source, so arriving early or refreshing fast buys no better place.
 */

/** A source of whole numbers in [0, maxExclusive), uniform; the server's is node:crypto's CSPRNG, tests inject a seeded one. */
export type RandomInt = (maxExclusive: number) => number;

/** node:crypto randomInt: the CSPRNG the pre-queue shuffle uses in the server. */
export const cryptoRandomInt: RandomInt = (maxExclusive) => randomInt(maxExclusive);

/** A new array of `items` in a uniformly random order (Fisher–Yates over `random`); `items` is left as it was. */
export const shuffled = <T>(items: ReadonlyArray<T>, random: RandomInt): T[] => {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
};

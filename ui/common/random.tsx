import { createContext, type ReactNode, useContext } from "react";

const RandomContext = createContext<() => number>(Math.random);

/** Sets the random source (a number in [0, 1)) of the screens below it: tests fix it, so a random wait (spec §4 Modals and loading) is known. The app has none and uses Math.random. */
export function RandomProvider({ random, children }: { random: () => number; children: ReactNode }) {
  return <RandomContext.Provider value={random}>{children}</RandomContext.Provider>;
}

/** The random source of the screen: a function answering a number in [0, 1) (Math.random unless a RandomProvider sets another). */
export const useRandom = (): (() => number) => useContext(RandomContext);

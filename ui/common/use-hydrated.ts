import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * False during server rendering and hydration, true from the render after: for a part the server never renders. Call it
 * in a small component around that part, since its re-render is synchronous.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

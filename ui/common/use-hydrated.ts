import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates it, true from the render after (React's
 * useSyncExternalStore with a server snapshot): for a part the server never renders, so the page's HTML and the
 * hydrating app agree whatever the part would render.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

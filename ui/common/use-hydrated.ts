import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates it, true from the render after (React's
 * useSyncExternalStore with a server snapshot): for a part the server never renders, so the page's HTML and the
 * hydrating app agree whatever the part would render. The component that calls it renders again right after hydrating,
 * synchronously (in one task, never time-sliced), with everything it renders: call it in a small component around the
 * part, not in a screen (ui/tickets/tickets.route.tsx UpsellOnceHydrated).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { closesSaveTimeOnScroll, showsSaveTimeModal } from "../../domain/save-time.ts";
import { useHydrated } from "../common/use-hydrated.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useSsoActions, useSsoState } from "./login-state.ts";

/** sessionStorage key remembering that the visitor closed the save-time modal: it stays closed for the rest of the visit (the tab's session). */
export const SAVE_TIME_DISMISSED_KEY = "festival-shop.save-time-dismissed";

/** True when the visitor closed the save-time modal earlier in this visit; false where sessionStorage is missing or blocked (the server, privacy modes). */
const wasDismissed = (): boolean => {
  try {
    return globalThis.sessionStorage?.getItem(SAVE_TIME_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
};

/** Remembers the close for the rest of the visit; where storage is blocked it holds until the page reloads. */
const rememberDismissed = (): void => {
  try {
    globalThis.sessionStorage?.setItem(SAVE_TIME_DISMISSED_KEY, "1");
  } catch {
    // Blocked storage: the in-memory state below still closes it.
  }
};

// The layer's markup, texts and react-aria buttons load when it first shows (a first visit to a shop that enables it),
// not with every page.
const SaveTimeDialog = lazy(() => import("./save-time-dialog.tsx").then((m) => ({ default: m.SaveTimeDialog })));

/**
 * The save-time login modal (spec §2 Other layers, §4; domain showsSaveTimeModal): shown to visitors not logged in
 * where allowed; closes on login, Close, Escape or scrolling.
 */
export function SaveTimeLayer() {
  const { config } = useCurrentShop();
  const sso = useSsoState();
  const actions = useSsoActions();
  const { pathname, search } = useLocation();
  // Never in the server's HTML: the login state and the visit's close are the browser's, so the layer shows after hydrating.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(wasDismissed);
  // How far this page has been scrolled while the layer showed; a new pathname starts again at 0 (the page scrolls to
  // the top on route change, spec §2 Routes).
  const [scrolled, setScrolled] = useState({ pathname, px: 0 });
  const scrolledPx = scrolled.pathname === pathname ? scrolled.px : 0;
  const facts = {
    showSaveTimeModal: config.showSaveTimeModal,
    pathname,
    loginChecked: sso.status === "anonymous" || sso.status === "user",
    loggedIn: sso.status === "user",
    dismissed,
  };
  const shown = showsSaveTimeModal({ ...facts, scrolledPx });
  // Closed by the scroll alone: it keeps its place at the end of the page until the next route (no jump on a short page).
  const scrolledAway = !shown && showsSaveTimeModal({ ...facts, scrolledPx: 0 });
  useEffect(() => {
    if (!shown) return;
    // Only the crossing of the threshold sets state: no render per scroll event.
    const onScroll = () => {
      if (closesSaveTimeOnScroll(window.scrollY)) setScrolled({ pathname, px: window.scrollY });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [shown, pathname]);
  if (!hydrated || (!shown && !scrolledAway)) return null;
  return (
    <Suspense fallback={null}>
      <SaveTimeDialog
        scrolledAway={scrolledAway}
        onLogin={() => actions.login(pathname + search)}
        onClose={() => {
          rememberDismissed();
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}

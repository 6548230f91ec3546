import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * Scrolls to the top on every route change, or brings the hash target into view (spec §2 Routes); not on the first
 * render, which keeps the visitor's scroll.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // The location last handled; null before the first render. (A ref, not a flag, so React's StrictMode re-run of the
  // effect with the same location changes nothing.)
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const location = `${pathname}${hash}`;
    if (handled.current === location) return;
    const initial = handled.current === null;
    handled.current = location;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (!initial) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/** Scrolls to the top on every route change, or brings the hash target into view (spec §2 Routes). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { NOTICE_POLL_INTERVAL_MS } from "../../domain/notice.ts";
import { useErrorDialog } from "./error-dialog.tsx";
import { logWarning } from "../common/log-warning.ts";
import { ignoreAnalyticsFailure } from "../shop/shop-analytics.ts";
import { useAsyncUseCase } from "../use-cases.tsx";

/** Delay of the tag manager page view after a route change, in ms. spec §2 Routes. */
export const PAGE_VIEW_DELAY_MS = 250;

// Once per page load, also under StrictMode's double effects.
let initStarted = false;

/**
 * Site-wide effects (spec §7 Other calls, §9): GET /api/init on start; the notice poll at the spec's interval, shown as
 * error 8002 once per notice; a page view after each route change (spec §2 Routes).
 */
export function SiteEffects() {
  const initApp = useAsyncUseCase((m) => m.InitApp);
  const pollNotice = useAsyncUseCase((m) => m.PollNotice);
  const trackPageView = useAsyncUseCase((m) => m.TrackPageView);
  const { show } = useErrorDialog();
  const { pathname } = useLocation();

  // The first call of each starts in a task of its own, not inside React's commit of the page (after hydration that
  // task already runs every component's effects: a long task less on a slow phone).
  useEffect(() => {
    if (initStarted) return;
    initStarted = true;
    setTimeout(() => void initApp.execute({ origin: window.location.origin, hostname: window.location.hostname }).catch((failure: unknown) => logWarning("app init failed", failure)), 0);
  }, [initApp]);

  useEffect(() => {
    let shown: string | null = null;
    let stopped = false;
    const poll = () =>
      void pollNotice.execute().then(
        (failure) => {
          if (stopped) return;
          const key = failure ? failure.messages.join("\n") : null;
          if (failure && key !== shown) show({ code: failure.code, message: failure.messages.join(" — ") });
          shown = key;
        },
        (failure: unknown) => logWarning("notice poll failed", failure),
      );
    const first = setTimeout(poll, 0);
    const timer = setInterval(poll, NOTICE_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [pollNotice, show]);

  useEffect(() => {
    const timer = setTimeout(() => void trackPageView.execute({ path: pathname }).catch(ignoreAnalyticsFailure), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trackPageView, pathname]);

  return null;
}

import { Effect, Exit } from "effect";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { InitApp } from "../../application/use-cases/init-app.use-case.ts";
import { PollNotice } from "../../application/use-cases/poll-notice.use-case.ts";
import { TrackAnalytics } from "../../application/use-cases/track-analytics.use-case.ts";
import { NOTICE_POLL_INTERVAL_MS } from "../../domain/notice.schema.ts";
import { useErrorDialog } from "./error-dialog.tsx";
import { useUseCase } from "../use-cases.tsx";

/** Delay of the tag manager page view after a route change, in ms. spec §2 Routes. */
export const PAGE_VIEW_DELAY_MS = 250;

// Once per page load, also under StrictMode's double effects.
let initStarted = false;

/**
 * Site-wide side effects of the app shell (spec §7 Other calls, §9): GET /api/init once on start (skipped on
 * localhost, fire and forget); the notice poll right away and every 60 s, showing a present title as error 8002
 * (once per distinct notice; failures are logged and the next poll tries again); a page view 250 ms after each route change.
 */
export function SiteEffects() {
  const initApp = useUseCase(InitApp);
  const pollNotice = useUseCase(PollNotice);
  const analytics = useUseCase(TrackAnalytics);
  const { show } = useErrorDialog();
  const { pathname } = useLocation();

  // The first call of each starts in a task of its own, not inside React's commit of the page (after hydration that
  // task already runs every component's effects: issue 12, a long task less on a slow phone).
  useEffect(() => {
    if (initStarted) return;
    initStarted = true;
    setTimeout(() => Effect.runFork(initApp.execute({ origin: window.location.origin, hostname: window.location.hostname })), 0);
  }, [initApp]);

  useEffect(() => {
    let shown: string | null = null;
    let stopped = false;
    const poll = () =>
      void Effect.runPromiseExit(pollNotice.execute()).then((exit) => {
        if (stopped) return;
        if (Exit.isFailure(exit)) return void Effect.runFork(Effect.logWarning("notice poll failed", exit.cause));
        const failure = exit.value;
        const key = failure ? failure.messages.join("\n") : null;
        if (failure && key !== shown) show({ code: failure.code, message: failure.messages.join(" — ") });
        shown = key;
      });
    const first = setTimeout(poll, 0);
    const timer = setInterval(poll, NOTICE_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [pollNotice, show]);

  useEffect(() => {
    const timer = setTimeout(() => Effect.runFork(analytics.pageView(pathname)), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [analytics, pathname]);

  return null;
}

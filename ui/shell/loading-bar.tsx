import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ProgressBar } from "react-aria-components";
import { useIntl } from "react-intl";
import { useRouteModuleLoading } from "./lazy-screen.tsx";

/** The loading bar appears only when loading lasts longer than this (ms): quick loads show nothing. */
export const LOADING_THROTTLE_MS = 300;
/** The bar fills over this time (ms) while loading lasts. */
export const LOADING_DURATION_MS = 5000;

/**
 * The loading bar at the top of the page (react-aria ProgressBar, indeterminate for assistive technology): shown while a
 * route chunk or a query loads for more than 300 ms, filling over 5000 ms. spec §2 Other layers, §4 Modals and loading.
 */
export function LoadingBar() {
  const routeLoading = useRouteModuleLoading();
  const fetching = useIsFetching();
  const busy = routeLoading || fetching > 0;
  const [shown, setShown] = useState(false);
  const intl = useIntl();
  useEffect(() => {
    if (!busy) return setShown(false);
    const timer = window.setTimeout(() => setShown(true), LOADING_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <ProgressBar className="loading-bar" isIndeterminate aria-label={intl.formatMessage({ id: "loading" })} style={{ "--loading-ms": `${LOADING_DURATION_MS}ms` } as React.CSSProperties}>
      <div className="loading-bar-fill" />
    </ProgressBar>
  );
}

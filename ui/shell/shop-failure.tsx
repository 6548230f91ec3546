import { lazy } from "react";
import { useIntl } from "react-intl";
import { emailLinkCodeOf } from "./failure-meaning.ts";

// The upgrade error's code and texts load only when an upgrade link is refused, from the upgrade route's own chunk: a
// module of its own here would make the bundler split shared chunks anew.
const UpgradeError = lazy(() => import("../upgrade/upgrade.route.tsx").then((m) => ({ default: m.UpgradeError })));

/**
 * What a failed shop load shows in the page (spec §2 Error page, §8): a refused upgrade link (follow-up emailLink,
 * 4002 / 4003) its upgrade error, any other failure the generic 1000 text as an alert. Renders inside the caller's
 * Suspense boundary.
 */
export function ShopFailure({ failure }: { failure: unknown }) {
  const intl = useIntl();
  const upgradeCode = emailLinkCodeOf(failure);
  return upgradeCode !== null ? <UpgradeError code={upgradeCode} /> : <p role="alert">{intl.formatMessage({ id: "error.1000.body" })}</p>;
}

import { FormattedMessage } from "react-intl";
import type { CodeFollowedBy } from "../../domain/error-catalogue-table.ts";
import { UpgradeIntl } from "./upgrade-intl.tsx";

/** The spec §8 upgrade codes a screen shows in place (follow-up emailLink): 4002 processed, 4003 not found (server refusals), 4004 time's up, 4005 no valid order id, 4006 no valid access id. */
export type UpgradeErrorCode = CodeFollowedBy<"emailLink">;

/**
 * An upgrade error in place of the screen (spec §8 4002-4006 "click the e-mail link again"): the code's title as the
 * page's h1 and its text as an alert (texts of UPGRADE_MESSAGES, which load with this code).
 */
export function UpgradeError({ code }: { code: UpgradeErrorCode }) {
  return (
    <UpgradeIntl>
      <section className="card notice upgrade-error" data-code={code} aria-labelledby="upgrade-error-title">
        <h1 id="upgrade-error-title">
          <FormattedMessage id={`error.${code}.title`} />
        </h1>
        <p role="alert">
          <FormattedMessage id={`error.${code}.body`} />
        </p>
      </section>
    </UpgradeIntl>
  );
}

import { Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { ShopApiError } from "../../application/errors.ts";

/** The spec §8 upgrade codes a screen shows in place: 4002 processed, 4003 not found (server refusals), 4005 no valid order id, 4006 no valid access id. */
export type UpgradeErrorCode = 4002 | 4003 | 4005 | 4006;

/** The upgrade code of a failure: 4002 / 4003 when the Shop API refused the upgrade link with that code, else null. spec §8. */
export const upgradeRefusalOf = (failure: unknown): 4002 | 4003 | null =>
  failure instanceof ShopApiError && (failure.code === "4002" || failure.code === "4003") ? (Number(failure.code) as 4002 | 4003) : null;

/**
 * An upgrade error in place of the screen (spec §8 4002-4006 "click the e-mail link again"): the code's title as the
 * page's h1 and its text as an alert. `level` 1 when it is the page's only heading.
 */
export function UpgradeError({ code }: { code: UpgradeErrorCode }) {
  return (
    <section className="card notice upgrade-error" data-code={code} aria-labelledby="upgrade-error-title">
      <Heading level={1} id="upgrade-error-title">
        <FormattedMessage id={`error.${code}.title`} />
      </Heading>
      <p role="alert">
        <FormattedMessage id={`error.${code}.body`} />
      </p>
    </section>
  );
}

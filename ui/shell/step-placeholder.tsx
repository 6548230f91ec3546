import { Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";

/** A route of spec §2 whose screen is not built yet: its step title inside the shop frame, so the route exists and keeps its place in the flow. */
export function StepPlaceholder({ titleId }: { titleId: string }) {
  return (
    <div className="page">
      <Heading level={1}>
        <FormattedMessage id={titleId} />
      </Heading>
    </div>
  );
}

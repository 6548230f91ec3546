import { Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { progressSteps } from "../../domain/shop-flow.ts";
import { useCurrentStep, useShopFlow } from "./shop-flow.tsx";

/** Where the current step sits in the shop flow: "Step n of m", nothing for a route outside the flow. spec §2 Header. */
function StepPosition() {
  const flow = useShopFlow();
  const step = useCurrentStep();
  if (!flow || step === null) return null;
  const steps: ReadonlyArray<string> = progressSteps(flow);
  const n = steps.indexOf(step);
  if (n < 0) return null;
  return (
    <p className="muted step-position">
      <FormattedMessage id="progress.count" values={{ n: n + 1, total: steps.length }} />
    </p>
  );
}

/** A route of spec §2 whose screen is not built yet: its step title and its place in the flow, inside the shop frame. */
export function StepPlaceholder({ titleId }: { titleId: string }) {
  return (
    <div className="page">
      <Heading level={1}>
        <FormattedMessage id={titleId} />
      </Heading>
      <StepPosition />
    </div>
  );
}

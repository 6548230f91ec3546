import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/travel: hotel packages (spec §2 Routes). */
export function TravelRoute() {
  return <StepPlaceholder titleId="step.travel" />;
}

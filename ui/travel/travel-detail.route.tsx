import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/travel/{detail}: one hotel package (spec §2 Routes). */
export function TravelDetailRoute() {
  return <StepPlaceholder titleId="step.travel" />;
}

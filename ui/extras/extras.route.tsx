import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/extras (spec §2 Routes). */
export function ExtrasRoute() {
  return <StepPlaceholder titleId="step.extras" />;
}

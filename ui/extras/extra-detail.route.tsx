import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/extras/{id}: one extra (spec §2 Routes). */
export function ExtraDetailRoute() {
  return <StepPlaceholder titleId="step.extras" />;
}

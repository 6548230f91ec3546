import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/merchandise (spec §2 Routes). */
export function MerchandiseRoute() {
  return <StepPlaceholder titleId="step.merchandise" />;
}

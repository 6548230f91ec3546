import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/packages (spec §2 Routes). */
export function PackagesRoute() {
  return <StepPlaceholder titleId="step.packages" />;
}

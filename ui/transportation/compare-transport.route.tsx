import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/comparetransport (and /detail, /eu, /nl) (spec §2 Routes). */
export function CompareTransportRoute() {
  return <StepPlaceholder titleId="step.comparetransport" />;
}

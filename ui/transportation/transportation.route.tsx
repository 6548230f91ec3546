import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/transportation (and /eu, /nl): bus transport (spec §2 Routes). */
export function TransportationRoute() {
  return <StepPlaceholder titleId="step.transportation" />;
}

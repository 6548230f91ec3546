import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/register: pre-registration (spec §2 Routes). */
export function RegisterRoute() {
  return <StepPlaceholder titleId="step.register" />;
}

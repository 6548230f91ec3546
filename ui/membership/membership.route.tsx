import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/membership (spec §2 Routes). */
export function MembershipRoute() {
  return <StepPlaceholder titleId="step.membership" />;
}

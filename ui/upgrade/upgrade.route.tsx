import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/upgrade: upgrade an earlier order (spec §2 Routes). */
export function UpgradeRoute() {
  return <StepPlaceholder titleId="step.upgrade" />;
}

import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/traveladdon/{detail} (spec §2 Routes). */
export function TravelAddonDetailRoute() {
  return <StepPlaceholder titleId="step.traveladdon" />;
}

import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/traveladdon: add-ons to a booked hotel (spec §2 Routes). */
export function TravelAddonRoute() {
  return <StepPlaceholder titleId="step.traveladdon" />;
}

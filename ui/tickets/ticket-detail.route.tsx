import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /{slug}/tickets/{id}: one ticket (spec §2 Routes). */
export function TicketDetailRoute() {
  return <StepPlaceholder titleId="step.tickets" />;
}

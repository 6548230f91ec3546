import { StepPlaceholder } from "../shell/step-placeholder.tsx";

/** /login: the login screen (spec §2 Routes). */
export function LoginRoute() {
  return <StepPlaceholder titleId="step.login" />;
}

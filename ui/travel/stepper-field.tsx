import { lazy, Suspense, useId } from "react";
import { Button } from "react-aria-components";
import type { StepperFieldProps } from "./number-stepper.tsx";

// React Aria's NumberField (its number parser, spin button and field validation) is no part of the
// travel routes' first load: those screens show their fields only once the hotel data has come from the
// Shop API after hydration, so the field's code is fetched alongside it (preloadStepperField, called as the route mounts).
const loadNumberStepper = () => import("./number-stepper.tsx");
const NumberStepper = lazy(() => loadNumberStepper().then((module) => ({ default: module.NumberStepper })));

/** Starts fetching the number field's code (a travel route calls it as it mounts); a failed fetch is tried again when a StepperField renders. */
export const preloadStepperField = (): void => void loadNumberStepper().catch(() => undefined);

/**
 * The field as it looks until its code is there (a few hundred ms at most, once per visit): the same label, − and +
 * buttons and value, inert (disabled), so nothing moves when the NumberField takes its place.
 */
function StepperLookAlike({ value, label, ariaLabel, className = "" }: StepperFieldProps) {
  const id = useId();
  return (
    <div className={`field number-field ${className}`.trim()} data-disabled="true">
      {label ? <label htmlFor={id}>{label}</label> : null}
      <div className="number-group">
        <Button className="button step-button" isDisabled excludeFromTabOrder aria-hidden="true">
          −
        </Button>
        <input id={id} className="input" value={String(value)} disabled readOnly {...(ariaLabel ? { "aria-label": ariaLabel } : {})} />
        <Button className="button step-button" isDisabled excludeFromTabOrder aria-hidden="true">
          +
        </Button>
      </div>
    </div>
  );
}

/** A react-aria NumberField with − and + buttons (44 px targets) for persons and amounts on the travel screens, its code loaded on first render (ui/travel/number-stepper.tsx). */
export function StepperField(props: StepperFieldProps) {
  return (
    <Suspense fallback={<StepperLookAlike {...props} />}>
      <NumberStepper {...props} />
    </Suspense>
  );
}

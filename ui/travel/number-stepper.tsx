import { Button, Group, Input, Label, NumberField } from "react-aria-components";
import type { StepperFieldProps } from "./stepper-field.tsx";

/** A react-aria NumberField with − and + buttons (44 px targets) for persons and amounts on the travel screens; loaded by StepperField (ui/travel/stepper-field.tsx). */
export function NumberStepper({ value, minValue, maxValue, onChange, label, ariaLabel, isDisabled = false, controlled = true, className = "" }: StepperFieldProps) {
  return (
    <NumberField
      className={`field number-field ${className}`.trim()}
      {...(controlled ? { value } : { defaultValue: value })}
      {...(ariaLabel ? { "aria-label": ariaLabel } : {})}
      minValue={minValue}
      maxValue={maxValue}
      step={1}
      isDisabled={isDisabled}
      onChange={onChange}
    >
      {label ? <Label>{label}</Label> : null}
      <Group className="number-group">
        <Button slot="decrement" className="button step-button">
          −
        </Button>
        <Input className="input" />
        <Button slot="increment" className="button step-button">
          +
        </Button>
      </Group>
    </NumberField>
  );
}

import type { ReactNode } from "react";
import { Button, Group, Input, Label, NumberField } from "react-aria-components";

/** Props of StepperField: value (whole number), bounds, visible label or aria-label, disabled, the change callback, and whether the value is controlled. */
export interface StepperFieldProps {
  readonly value: number;
  readonly minValue: number;
  readonly maxValue: number;
  readonly onChange: (value: number) => void;
  readonly label?: ReactNode;
  readonly ariaLabel?: string;
  readonly isDisabled?: boolean;
  readonly controlled?: boolean;
  readonly className?: string;
}

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

import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { Check } from "lucide";
import { Icon } from "../common/icon.tsx";
import type { FlowStep } from "../../domain/shop-flow.ts";
import { useOpenOnMount } from "../common/open-on-mount.ts";

/** Props of StepSelect: the progress bar's label and count text, its steps, the current one, which are completed, and where a choice goes. */
export interface StepSelectProps {
  readonly label: string;
  readonly count: string;
  readonly steps: ReadonlyArray<FlowStep>;
  readonly current: FlowStep;
  readonly isCompleted: (step: FlowStep) => boolean;
  readonly onChoose: (step: FlowStep) => void;
  /** Opens the list and focuses it as it mounts (the dropdown loaded on its first use). */
  readonly openOnMount?: boolean;
}

/** The step progress bar on mobile (spec §2 Header "a dropdown on mobile"): a react-aria Select of the flow's steps, completed ones ticked. Its own chunk, loaded on first use (shop-flow.tsx StepProgress). */
export function StepSelect({ label, count, steps, current, isCompleted, onChoose, openOnMount = false }: StepSelectProps) {
  const intl = useIntl();
  const { trigger, isOpen, setOpen } = useOpenOnMount(openOnMount);
  return (
    <Select className="step-select" aria-label={label} selectedKey={current} onSelectionChange={(key) => onChoose(key as FlowStep)} isOpen={isOpen} onOpenChange={setOpen}>
      <Label className="visually-hidden">{label}</Label>
      {/* The count inside the value: the Select names its button by the value and the label, so the name holds all
          the button shows (WCAG 2.5.3 Label in Name). */}
      <Button ref={trigger} className="button step-select-button">
        <SelectValue className="step-select-face">
          {({ selectedText }) => (
            <>
              <span className="step-count">{count}</span> {selectedText}
            </>
          )}
        </SelectValue>
      </Button>
      <Popover>
        <ListBox className="listbox">
          {steps.map((step) => (
            <ListBoxItem key={step} id={step} className="listbox-item" textValue={intl.formatMessage({ id: `step.${step}` })}>
              {isCompleted(step) ? <Icon node={Check} size={14} aria-label={intl.formatMessage({ id: "progress.completed" })} /> : null}{" "}
              <FormattedMessage id={`step.${step}`} />
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

import { ChevronDown } from "lucide";
import { Icon } from "./icon.tsx";
import type { ReactNode } from "react";
import { useOpenOnMount } from "./open-on-mount.ts";
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";

/** One choice of a SelectField: its key and its visible (already translated) text, which typing also searches. */
export interface SelectOption {
  readonly id: string;
  readonly label: string;
}

/** Props of SelectField. `selectedKey` "" or null is no choice yet; `required` marks the label with " *" and sets aria-required. */
export interface SelectFieldProps {
  readonly label: ReactNode;
  readonly options: ReadonlyArray<SelectOption>;
  readonly selectedKey: string | null;
  readonly onChange: (key: string) => void;
  /** Form field name (the spec §3 checkout field names). */
  readonly name?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** The field's error text; the field is invalid while it is set. */
  readonly error?: string | undefined;
  readonly invalid?: boolean;
  /** Help text under the field (the select's description). */
  readonly description?: ReactNode;
  readonly placeholder?: string;
  /** Class of the field (default "field select-field"). */
  readonly className?: string;
  /** Opens the list and focuses it when the field mounts (a field whose code loaded on its first use, LazySelectField). */
  readonly openOnMount?: boolean;
}


/**
 * A labelled react-aria Select as the forms and filters use it: label, chosen text and chevron, description and error,
 * errors announced through aria.
 */
export function SelectField(props: SelectFieldProps) {
  const { trigger, isOpen, setOpen } = useOpenOnMount(props.openOnMount ?? false);
  return (
    <Select
      className={props.className ?? "field select-field"}
      name={props.name}
      selectedKey={props.selectedKey === "" ? null : props.selectedKey}
      onSelectionChange={(key) => (key === null ? undefined : props.onChange(String(key)))}
      isInvalid={props.error !== undefined || (props.invalid ?? false)}
      isDisabled={props.disabled ?? false}
      isRequired={props.required ?? false}
      placeholder={props.placeholder}
      validationBehavior="aria"
      isOpen={isOpen}
      onOpenChange={setOpen}
    >
      <Label>
        {props.label}
        {props.required ? " *" : ""}
      </Label>
      <Button ref={trigger} className="button select-trigger">
        <SelectValue />
        <Icon node={ChevronDown} size={16} aria-hidden="true" />
      </Button>
      {props.description ? (
        <Text slot="description" className="small muted">
          {props.description}
        </Text>
      ) : null}
      <FieldError className="field-error">{props.error}</FieldError>
      <Popover>
        <ListBox className="listbox" items={props.options}>
          {(option) => (
            <ListBoxItem id={option.id} className="listbox-item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

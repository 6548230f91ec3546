import { ChevronDown } from "lucide";
import { Icon } from "./icon.tsx";
import { lazy, useId } from "react";
import { type FirstUse, FirstUseButton, LoadOnFirstUse } from "./load-on-first-use.tsx";
import type { SelectFieldProps } from "./select-field.tsx";

// The react-aria Select with its ListBox, Popover and overlay code is no part of a route's first load, nor
// is mounting it: each Select builds its collection as it mounts, a long task on a slow phone once a screen has several
// (the checkout's date of birth, country and phone prefix, a quantity per ticket). It loads when the visitor opens it.
const loadSelectField = () => import("./select-field.tsx");
const SelectField = lazy(() => loadSelectField().then((m) => ({ default: m.SelectField })));

/**
 * The closed field as a working trigger before the Select's code loads: label, a button named like the Select's trigger
 * that opens it, and the description and error; hovering fetches the code.
 */
function FirstUseTrigger({ props, firstUse }: { props: SelectFieldProps; firstUse: FirstUse }) {
  const labelId = useId();
  const valueId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const invalid = props.error !== undefined || (props.invalid ?? false);
  const describedBy = [props.description ? descriptionId : null, props.error ? errorId : null].filter(Boolean).join(" ");
  const chosen = props.options.find((option) => option.id === props.selectedKey)?.label ?? props.placeholder ?? "";
  return (
    <div className={props.className ?? "field select-field"} data-invalid={invalid || undefined} data-disabled={props.disabled || undefined}>
      <span id={labelId}>
        {props.label}
        {props.required ? " *" : ""}
      </span>
      <FirstUseButton
        firstUse={firstUse}
        className="button select-trigger"
        aria-labelledby={`${valueId} ${labelId}`}
        aria-describedby={describedBy || undefined}
        isDisabled={props.disabled ?? false}
      >
        <span id={valueId}>{chosen}</span>
        <Icon node={ChevronDown} size={16} aria-hidden="true" />
      </FirstUseButton>
      {props.description ? (
        <span id={descriptionId} className="small muted">
          {props.description}
        </span>
      ) : null}
      {props.error ? (
        <span id={errorId} className="field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * SelectField (ui/common/select-field.tsx) loaded on its first use: until the visitor opens it, the closed
 * field is a working trigger with its label, choice, description and error; opening it loads the Select, which mounts
 * open with the focus in its list.
 */
export function LazySelectField(props: SelectFieldProps) {
  return (
    <LoadOnFirstUse load={loadSelectField} placeholder={(firstUse) => <FirstUseTrigger props={props} firstUse={firstUse} />}>
      <SelectField {...props} openOnMount />
    </LoadOnFirstUse>
  );
}

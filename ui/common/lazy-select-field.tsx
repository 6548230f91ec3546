import { ChevronDown } from "lucide-react";
import { lazy, Suspense } from "react";
import type { SelectFieldProps } from "./select-field.tsx";

// The react-aria Select with its ListBox, Popover and overlay code (~50 KB gzipped) is no part of a route's first load
// (issue 12): it is fetched once the screen is up.
const SelectField = lazy(() => import("./select-field.tsx").then((m) => ({ default: m.SelectField })));

/**
 * SelectField (ui/common/select-field.tsx) loaded after the first paint: until its code is there, a look-alike of the
 * closed field (its label and the chosen text) that assistive technology and the keyboard skip, so the screen lays
 * out once and does not wait for the dropdown's code.
 */
export function LazySelectField(props: SelectFieldProps) {
  const chosen = props.options.find((option) => option.id === props.selectedKey)?.label ?? props.placeholder ?? "";
  return (
    <Suspense
      fallback={
        <div className={props.className ?? "field select-field"} aria-hidden="true">
          <span>
            {props.label}
            {props.required ? " *" : ""}
          </span>
          <span className="button select-trigger">
            <span>{chosen}</span>
            <ChevronDown size={16} aria-hidden="true" />
          </span>
        </div>
      }
    >
      <SelectField {...props} />
    </Suspense>
  );
}

import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * What counts as an invalid field, in document order: text inputs react-aria marks aria-invalid, the trigger button
 * of an invalid Select, the first radio of an invalid RadioGroup, an invalid Checkbox's input.
 */
export const INVALID_FIELD_SELECTOR = [
  'input[aria-invalid="true"]:not([type="hidden"])',
  'textarea[aria-invalid="true"]',
  '[data-invalid] > button',
  '[role="radiogroup"][data-invalid] input',
  '[role="radiogroup"][aria-invalid="true"] input',
  'label[data-invalid] input',
].join(", ");

/** The first visible, enabled invalid field inside `root` (document order), or null. */
export const firstInvalidField = (root: ParentNode): HTMLElement | null => {
  for (const el of root.querySelectorAll<HTMLElement>(INVALID_FIELD_SELECTOR)) {
    if (el.closest('[aria-hidden="true"], [inert]')) continue;
    if ((el as HTMLInputElement).disabled) continue;
    return el;
  }
  return null;
};

/**
 * After an invalid submit, moves focus to the first invalid field and scrolls it into view (WCAG 3.3.1, spec §5), else
 * to `fallback`; put `ref` on the form's container and call `focusFirstInvalid()` in the update that sets the errors.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLDivElement>(fallback?: RefObject<HTMLElement | null>): {
  readonly ref: RefObject<T | null>;
  readonly focusFirstInvalid: () => void;
} {
  const ref = useRef<T | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const target = (ref.current && firstInvalidField(ref.current)) ?? fallback?.current ?? null;
    if (!target) return;
    if (target === fallback?.current && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    // Centred, so neither the sticky header nor the phone's bottom bar covers the field or its error below it.
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: "center", behavior: "instant" }); // absent in jsdom
  }, [request, fallback]);
  const focusFirstInvalid = useCallback(() => setRequest((n) => n + 1), []);
  return { ref, focusFirstInvalid };
}

import { useLayoutEffect, useRef, useState } from "react";

// Apart from ui/common/load-on-first-use.tsx, which every page loads: only the widgets loaded on their first use need it.

/**
 * A react-aria Select mounted by LoadOnFirstUse in place of the look-alike trigger the visitor just pressed: with
 * `openOnMount` it focuses the Select's own trigger (`trigger`, its Button's ref) as it mounts and only then opens the
 * list (`isOpen` and `setOpen` for the Select's isOpen and onOpenChange). The list gives focus back to the element
 * focused before it opened, so that must be this trigger, not the look-alike that is gone by then: otherwise a
 * keyboard user's focus falls to <body> after the first choice (WCAG 2.4.3).
 */
export function useOpenOnMount(openOnMount: boolean) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (!openOnMount) return;
    trigger.current?.focus();
    setOpen(true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as the field mounts
  return { trigger, isOpen, setOpen };
}

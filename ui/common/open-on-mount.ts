import { useLayoutEffect, useRef, useState } from "react";

// Apart from ui/common/load-on-first-use.tsx, which every page loads: only the widgets loaded on their first use need it.

/**
 * A Select mounted in place of the look-alike just pressed: with `openOnMount` it focuses its own trigger first, then
 * opens, so focus returns to it after a choice, never to <body>.
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

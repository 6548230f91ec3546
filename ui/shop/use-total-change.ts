import { useEffect, useRef } from "react";

/**
 * Calls `onChange(before, after)` each time the cart total (cents; undefined while the cart loads) takes a new value;
 * `before` is undefined for the first total seen, which is the baseline, so a page load is never a rise. Used by the
 * cart notification (spec §2 Header) and the upsell panel (spec §4 Upsell), which react when the total rises.
 */
export function useTotalChange(total: number | undefined, onChange: (before: number | undefined, after: number) => void): void {
  const previous = useRef<number | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (total === undefined) return;
    const before = previous.current;
    previous.current = total;
    if (before !== total) latest.current(before, total);
  }, [total]);
}

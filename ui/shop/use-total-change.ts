import { useEffect, useRef, useState } from "react";

/**
 * Calls `onChange(before, after)` each time the cart total (cents) changes; the first total is the baseline, so a page
 * load is never a rise (spec §2 Header, §4 Upsell). `baseline` for late parts.
 */
export function useTotalChange(total: number | undefined, onChange: (before: number | undefined, after: number) => void, baseline?: number): void {
  const previous = useRef<number | undefined>(baseline);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (total === undefined) return;
    const before = previous.current;
    previous.current = total;
    if (before !== total) latest.current(before, total);
  }, [total]);
}

/**
 * The first value `total` (cents) took once defined, else undefined: the baseline a route hands to a part whose code
 * loads after it (the upsell panel), so a rise while that code was loading still counts (useTotalChange `baseline`).
 */
export function useFirstTotal(total: number | undefined): number | undefined {
  const [first, setFirst] = useState(total);
  // Derived state, set while rendering (react.dev "Storing information from previous renders"): no extra commit.
  if (first === undefined && total !== undefined) setFirst(total);
  return first;
}

/**
 * The cart total (cents) the upsell panel watches: undefined until both the cart and the products have loaded, 0 with
 * no cart (spec §4 Upsell). Takes the react-query results of useCart and useProducts.
 */
export const upsellTotalOf = (cart: { readonly isPending: boolean; readonly data?: { readonly totalAmount: number } | null | undefined }, products: { readonly data?: unknown }): number | undefined =>
  cart.isPending || !products.data ? undefined : (cart.data?.totalAmount ?? 0);

/** Ids of add-on products, the extras booked onto a previous order: addon_{reference}_{extraId}. spec §3 Product. */

/** Add-on id of a previous order's extra: addon_{reference}_{extraId}. spec §3 Product "Add-on products are keyed addon_{reference}_{extraId}". */
export const addOnId = (reference: string, extraId: string): string => `addon_${reference}_${extraId}`;

/** Splits addon_{reference}_{extraId} into its parts (reference has no underscore), or null. spec §3. */
export const parseAddOnId = (id: string): { readonly reference: string; readonly extraId: string } | null => {
  const m = /^addon_([^_]+)_(.+)$/.exec(id);
  return m ? { reference: m[1]!, extraId: m[2]! } : null;
};

/** Rules of a hotel package's extras (spec §3 Travel "Extras have a category … and soldOut", §9). */

/** Whether an extra is on sale: not marked sold out and with units left (spec §9 "Sold-out room extras are hidden"). */
export const isExtraOnSale = (extra: { readonly soldOut: boolean; readonly stock: number }): boolean => !extra.soldOut && extra.stock > 0;

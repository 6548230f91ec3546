/** Fewest persons a hotel search or booking may name. spec §9 "Hotel persons 1 to 50". */
export const MIN_HOTEL_PERSONS = 1;
/** Most persons a hotel search or booking may name. spec §9 "Hotel persons 1 to 50". */
export const MAX_HOTEL_PERSONS = 50;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2027-02-30 is false). */
export const isIsoDate = (text: string): boolean => {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** True for a persons count a hotel search or booking may name: an integer 1..50. spec §9. */
export const isHotelPersons = (n: number): boolean => Number.isInteger(n) && n >= MIN_HOTEL_PERSONS && n <= MAX_HOTEL_PERSONS;

/**
 * Slug of a travel package derived from its name: non-alphanumerics (except spaces) removed, spaces turned into
 * hyphens, lowercased ("Hotel De Duinen" -> "hotel-de-duinen"). spec §3 Previous order / Travel "slug (derived)".
 */
export const packageSlug = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .replace(/ +/g, "-")
    .toLowerCase();

/** Add-on id of a previous order's extra: addon_{reference}_{extraId}. spec §3 Product "Add-on products are keyed addon_{reference}_{extraId}". */
export const addOnId = (reference: string, extraId: string): string => `addon_${reference}_${extraId}`;

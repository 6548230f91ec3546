const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2027-02-30 is false). */
export const isIsoDate = (text: string): boolean => {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/**
 * Slug of a travel package derived from its name, as spec §3 Previous order says: non-alphanumerics removed, each
 * space turned into a hyphen, lowercased ("Hotel De Duinen" -> "hotel-de-duinen", "Camping & Co" -> "camping--co").
 * The server's package slugs and the web app's add-on links both come from here.
 */
export const packageSlug = (name: string): string => name.replace(/[^A-Za-z0-9 ]/g, "").replace(/ /g, "-").toLowerCase();

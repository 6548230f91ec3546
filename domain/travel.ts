const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2027-02-30 is false). */
export const isIsoDate = (text: string): boolean => {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/**
 * The slug of a travel package derived from its name (spec §3 Previous order): non-alphanumerics removed, spaces to
 * hyphens, lower case; used by server and web app alike.
 */
export const packageSlug = (name: string): string => name.replace(/[^A-Za-z0-9 ]/g, "").replace(/ /g, "-").toLowerCase();

/**
 * The app's pages outside a shop beside the event chooser (spec §2 Routes: /login; "My festival", spec §6 Logged-in
 * user): their first path segment is no shop slug.
 */
export const SITE_PAGES = ["login", "my-festival"] as const;
/** A page of SITE_PAGES. */
export type SitePage = (typeof SITE_PAGES)[number];

/** True when the first path segment `segment` names a page of SITE_PAGES, not a shop. */
export const isSitePage = (segment: string): segment is SitePage => (SITE_PAGES as ReadonlyArray<string>).includes(segment);

/** The path of "My festival": the logged-in visitor's orders in every shop of the brand. spec §6. */
export const MY_FESTIVAL_PATH = "/my-festival";

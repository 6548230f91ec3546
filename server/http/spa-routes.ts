import type { Db } from "../db/database.ts";
import { listShops } from "../shop/shop-store.ts";

/**
 * Which browser paths the web app answers (spec §2 Routes), so the server can give an unknown page a real 404 status
 * while still sending the app's index.html (which then shows 'This page could not be found'). Pure: the caller
 * passes the known shop slugs.
 */

/** Top-level app paths besides the shops: the event chooser and the login screen. spec §2 Routes. */
const TOP_LEVEL = /^\/(login)?$/;

/**
 * Routes below /{slug} (spec §2 Routes): the overview, the step routes, their detail routes ({id}, {detail}) and the
 * transportation (eu, nl) and comparetransport (detail, eu, nl) variants, transport (the "slug-transport" reading of
 * the transportation route), checkout and payment status.
 */
const SHOP_ROUTES: ReadonlyArray<RegExp> = [
  /^$/,
  /^tickets(\/[^/]+)?$/,
  /^packages$/,
  /^membership$/,
  /^travel(\/[^/]+)?$/,
  /^traveladdon(\/[^/]+)?$/,
  /^transportation(\/(eu|nl))?$/,
  /^transport(\/(eu|nl))?$/,
  /^comparetransport(\/(detail|eu|nl))?$/,
  /^merchandise$/,
  /^extras(\/[^/]+)?$/,
  /^upgrade$/,
  /^register$/,
  /^checkout$/,
  /^paymentstatus$/,
];

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** True when `pathname` (no query; a trailing slash is ignored) is a route of spec §2 for one of `slugs`. */
export const isAppRoute = (pathname: string, slugs: ReadonlySet<string>): boolean => {
  const path = pathname.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  if (TOP_LEVEL.test(path)) return true;
  const [, slug = "", ...rest] = path.split("/");
  if (!slugs.has(decode(slug))) return false;
  const tail = rest.join("/");
  return SHOP_ROUTES.some((route) => route.test(tail));
};

/** HTTP status of the app page for `pathname`: 200 for a route of spec §2, 404 otherwise (unknown slug or path). */
export const appPageStatus = (pathname: string, slugs: ReadonlySet<string>): 200 | 404 => (isAppRoute(pathname, slugs) ? 200 : 404);

/** Status of the app page for `pathname` against the shops in the store (listShops of server/shop/shop-store.ts). */
export const appPageStatusIn = async (db: Db, pathname: string): Promise<200 | 404> =>
  appPageStatus(pathname, new Set((await listShops(db)).map((shop) => shop.slug)));

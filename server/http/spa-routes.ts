import { heroBackgroundFor } from "../../domain/hero.ts";
import { DETAIL_PRODUCT_TYPES, parseShopPath } from "../../domain/shop-flow.ts";
import { isSitePage } from "../../domain/site-pages.ts";
import type { Db } from "../db/database.ts";
import { cachedShops, listProductsByIds } from "../shop/shop-store.ts";

/**
 * Which browser paths the web app answers (spec §2 Routes), so the server can give an unknown page a real 404 status
 * while still sending the app's index.html (which then shows 'This page could not be found'). Pure: the caller
 * passes the known shop slugs.
 */

/** Top-level app paths besides the shops: the event chooser and the site pages (login, My festival). spec §2 Routes. */
const isTopLevel = (path: string): boolean => path === "/" || isSitePage(path.slice(1));

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
  if (isTopLevel(path)) return true;
  const [, slug = "", ...rest] = path.split("/");
  if (!slugs.has(decode(slug))) return false;
  const tail = rest.join("/");
  return SHOP_ROUTES.some((route) => route.test(tail));
};

/** HTTP status of the app page for `pathname`: 200 for a route of spec §2, 404 otherwise (unknown slug or path). */
export const appPageStatus = (pathname: string, slugs: ReadonlySet<string>): 200 | 404 => (isAppRoute(pathname, slugs) ? 200 : 404);

/** What the server knows of the app page at a path before the app runs: its status and the hero image its first screen shows (null: none). */
export interface AppPage {
  readonly status: 200 | 404;
  /** Address of the route's hero background (domain heroBackgroundFor, without the image query), for the page's preload link. */
  readonly heroImage: string | null;
}

/** True when `detail` of a detail route with a product id (tickets/{id}, extras/{id}) names no product of that type in the shop; false on any other route. */
const namesUnknownProduct = async (db: Db, slug: string, step: string | null, detail: string | null): Promise<boolean> => {
  if (detail === null || (step !== "tickets" && step !== "extras")) return false;
  const [product] = await listProductsByIds(db, slug, [decode(detail)]);
  return product?.type !== DETAIL_PRODUCT_TYPES[step];
};

/**
 * The app page for `pathname`: its status (not found for an unknown shop, page or detail id) and the hero image to
 * preload (spec §2 Header).
 */
export const appPageIn = async (db: Db, pathname: string): Promise<AppPage> => {
  const shops = await cachedShops(db);
  const { slug, step, detail } = parseShopPath(pathname);
  const routeStatus = appPageStatus(pathname, new Set(shops.map((shop) => shop.slug)));
  const status = routeStatus === 200 && slug !== null && (await namesUnknownProduct(db, decode(slug), step, detail)) ? 404 : routeStatus;
  const shop = status === 200 && slug !== null ? shops.find((candidate) => candidate.slug === decode(slug)) : undefined;
  const heroImage = shop ? heroBackgroundFor(step, shop.config.shopTheme.backgrounds, shop.config.festivalData.heroImage) : null;
  return { status, heroImage };
};

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-aria-components";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { useLocation } from "react-router-dom";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { shopQuery } from "../shop/shop.queries.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { useNotFoundShown } from "./not-found.route.tsx";

/** Top-level routes that are not shops (spec §2 Routes: /login beside /{slug}; My festival, spec §6). */
const SITE_ROUTES: Readonly<Record<string, string>> = { login: "step.login", "my-festival": "step.myFestival" };

/**
 * The translated document title of a path (spec §2 Routes): "{page} – {shop}" on a step, the shop title on its
 * overview, the festival shop's elsewhere, "Page not found" for an unknown step.
 */
export const routeTitle = (pathname: string, shopTitle: string | null, shopMissing: boolean, intl: IntlShape): string => {
  const { slug, step } = parseShopPath(pathname);
  const site = intl.formatMessage({ id: "app.title" });
  const titled = (page: string, of: string) => intl.formatMessage({ id: "a11y.title.separator" }, { page, site: of });
  if (slug === null) return titled(intl.formatMessage({ id: "chooser.title" }), site);
  if (step === null && SITE_ROUTES[slug]) return titled(intl.formatMessage({ id: SITE_ROUTES[slug] }), site);
  if (shopMissing) return titled(intl.formatMessage({ id: "notFound.title" }), site);
  const shop = shopTitle ?? site;
  if (step === null) return shop;
  const key = step === "paymentstatus" ? "a11y.title.paymentstatus" : `step.${step}`;
  const page = intl.messages[key] !== undefined ? intl.formatMessage({ id: key }) : intl.formatMessage({ id: "notFound.title" });
  return titled(page, shop);
};

/** How long to wait for a lazily loaded screen's heading before focusing its main region instead (milliseconds). */
const HEADING_WAIT_MS = 8000;

/** Moves focus to `target` without scrolling it into view, making it programmatically focusable first. */
const focusQuietly = (target: HTMLElement) => {
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
};

/** Focuses the page's main region (`#main`), as the skip link does. */
export const focusMain = (): void => {
  const main = document.getElementById("main");
  if (main) focusQuietly(main);
};

/** After a route change, moves focus to the new page's main heading once it shows (WCAG 2.4.3), else to `#main`. */
function useFocusHeadingOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const tryFocus = (): boolean => {
      const heading = document.querySelector<HTMLElement>("#main h1");
      if (!heading) return false;
      focusQuietly(heading);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      focusMain();
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/**
 * Route-level accessibility of the app shell, rendered once in the app's Root: a skip link to `#main`, the document
 * title per route (translated, spec §2 Routes), an aria-live announcement of the new page's title, and focus moved to
 * the new page's main heading on navigation.
 */
export function RouteFocus() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { slug, step } = parseShopPath(pathname);
  const isShop = slug !== null && !(step === null && SITE_ROUTES[slug]);
  const shop = useQuery({ ...shopQuery(useAsyncUseCase((m) => m.LoadShop), slug ?? ""), enabled: false });
  const shopTitle = isShop ? (shop.data?.config.titleFull ?? null) : null;
  // The 404 page's content on screen (also for an unknown item id under a known route): the title says so.
  const notFoundShown = useNotFoundShown();
  const title = routeTitle(pathname, shopTitle, (isShop && shop.isError) || notFoundShown, intl);
  const [announcement, setAnnouncement] = useState("");
  const firstTitle = useRef(true);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // Announce the title when the page changes (not on the first load: the screen reader reads the new document then).
  useEffect(() => {
    if (firstTitle.current) {
      firstTitle.current = false;
      return;
    }
    setAnnouncement(title);
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- announce per page, not per title refinement
  useEffect(() => {
    if (announcement !== "" && announcement !== title) setAnnouncement(title);
  }, [title]); // eslint-disable-line react-hooks/exhaustive-deps -- the shop title may arrive after the route change

  useFocusHeadingOnNavigation(pathname);

  return (
    <>
      <Link className="skip-link" href="#main" onPress={focusMain}>
        <FormattedMessage id="app.skipToContent" />
      </Link>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement}
      </div>
    </>
  );
}

import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";

// Whether the page shown is the 404 page: the document title (RouteFocus) says 'Page not found' then, also where the
// route itself exists but what it names does not (an unknown item id).
let notFoundShown = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while the 404 page's content is on screen (the title says 'Page not found'). spec §2 Error page. */
export const useNotFoundShown = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => notFoundShown > 0,
    () => false,
  );

/** Marks the 404 content as shown while it is mounted. */
function useMarkNotFound(): void {
  useEffect(() => {
    notFoundShown += 1;
    notify();
    return () => {
      notFoundShown -= 1;
      notify();
    };
  }, []);
}

/**
 * The 404 page's content without its landmark: 'page not found', 'This page could not be found' and a link home
 * (spec §2 Error page). Inside a shop's frame, which has the one main landmark, for an unknown path or item id.
 */
export function NotFoundContent() {
  useMarkNotFound();
  return (
    <div className="page not-found">
      <Heading level={1}>
        <FormattedMessage id="notFound.title" />
      </Heading>
      <p>
        <FormattedMessage id="notFound.body" />
      </p>
      <HomeLink />
    </div>
  );
}

/**
 * A detail route whose item is unknown (a stale product link): the catalogue's 5001 'Product not found' with its body
 * and `back`, the link to the item list, instead of the 404 page (spec §2 Routes, §8 5001). The HTTP status stays 404.
 */
export function ProductNotFoundContent({ back }: { back: ReactNode }) {
  return (
    <div className="page not-found" data-code="5001">
      {back}
      <Heading level={1}>
        <FormattedMessage id="error.5001.title" />
      </Heading>
      <p>
        <FormattedMessage id="error.5001.body" />
      </p>
    </div>
  );
}

/** The error page for a 404 outside a shop's frame: NotFoundContent in the page's main landmark. spec §2 Error page. */
export function NotFoundRoute() {
  return (
    <main id="main">
      <NotFoundContent />
    </main>
  );
}

/** The error pages' link home, to the event chooser (spec §2 Error page "with a link home"). */
export function HomeLink() {
  return (
    <Link className="button" href="/">
      <FormattedMessage id="notFound.home" />
    </Link>
  );
}

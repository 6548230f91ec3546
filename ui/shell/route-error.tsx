import { Component, type ReactNode, useEffect } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useLocation } from "react-router-dom";
import { isChunkLoadError, reloadAfterChunkFailure } from "./chunk-reload.ts";
import { retryFailedScreens } from "./lazy-screen.tsx";

/**
 * The error page of an area (spec §2 Header "Error page"): the generic text with a link home; a failed chunk reloads
 * the page at most once a minute (spec §8, §9).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkFailure();
  }, [error]);
  return (
    <main id="main" className="page not-found" role="alert">
      <Heading level={1}>
        <FormattedMessage id="error.generic.title" />
      </Heading>
      <p>
        <FormattedMessage id="error.1000.body" />
      </p>
      <Link className="button" href="/">
        <FormattedMessage id="notFound.home" />
      </Link>
    </main>
  );
}

/** State of RouteErrorBoundary: what the screen threw (while `failed`), and the path it was thrown on. */
interface BoundaryState {
  readonly failed: boolean;
  readonly error: unknown;
  readonly pathname: string;
}

/** The error boundary of RouteErrorBoundary; `pathname` is the current route's path: a new route clears the error. */
class PathErrorBoundary extends Component<{ readonly pathname: string; readonly children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: { readonly pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, error: null, pathname: props.pathname };
  }

  override componentDidUpdate(_: unknown, previous: BoundaryState) {
    // Left the error page for another route: a screen whose module failed to load loads again when next entered.
    if (previous.failed && !this.state.failed) retryFailedScreens();
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** Shows RouteErrorPage in place of `children` when they throw while rendering (a screen's bug, a screen chunk that failed to load); going to another route tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PathErrorBoundary pathname={pathname}>{children}</PathErrorBoundary>;
}

import { useEffect } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { isChunkLoadError, reloadAfterChunkFailure } from "./chunk-reload.ts";
import { NotFoundRoute } from "./not-found.route.tsx";

/**
 * The error page of an area (react-router errorElement, spec §2 Header "Error page"): 'page not found' for a 404,
 * otherwise the generic error text, each with a link home. A failed screen chunk or a bug ends here instead of a blank page;
 * a screen chunk that failed to load reloads the page, at most once a minute (spec §8 chunk-load failure, §9).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkFailure();
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
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

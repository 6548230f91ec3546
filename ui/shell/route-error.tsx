import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { NotFoundRoute } from "./not-found.route.tsx";

/**
 * The error page of an area (react-router errorElement, spec §2 Header "Error page"): 'page not found' for a 404,
 * otherwise the generic error text, each with a link home. A failed screen chunk or a bug ends here instead of a blank page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
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

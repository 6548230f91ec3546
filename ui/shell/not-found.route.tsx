import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";

/** The error page for a 404: 'page not found', 'This page could not be found', and a link home. spec §2 Error page. */
export function NotFoundRoute() {
  return (
    <main id="main" className="page not-found">
      <Heading level={1}>
        <FormattedMessage id="notFound.title" />
      </Heading>
      <p>
        <FormattedMessage id="notFound.body" />
      </p>
      <Link className="button" href="/">
        <FormattedMessage id="notFound.home" />
      </Link>
    </main>
  );
}

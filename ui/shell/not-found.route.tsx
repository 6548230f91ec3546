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
      <HomeLink />
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

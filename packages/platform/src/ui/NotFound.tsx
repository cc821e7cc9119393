import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

/** The spec's 404 page: 'Oops! You're lost.' / 'The page you are looking for was not found.' */
export function NotFound({ homeHref = '/' }: { homeHref?: string }) {
  return (
    <section className="ag-not-found" data-testid="not-found">
      <p className="ag-not-found-code" aria-hidden="true">
        404
      </p>
      <h1>
        <FormattedMessage id="platform.notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="platform.notFound.text" />
      </p>
      <p>
        <Link to={homeHref}>
          <FormattedMessage id="platform.notFound.home" />
        </Link>
      </p>
    </section>
  );
}

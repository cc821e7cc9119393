import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorState } from '../ui/ErrorState';
import { NotFound } from '../ui/NotFound';

function CodePage({
  code,
  title,
  text,
  homeHref,
}: {
  code: 410 | 500;
  title: string;
  text: string;
  homeHref: string;
}) {
  return (
    <section className="ag-not-found" data-testid={`error-${code}`}>
      <p className="ag-not-found-code" aria-hidden="true">
        {code}
      </p>
      <h1>
        <FormattedMessage id={title} />
      </h1>
      <p>
        <FormattedMessage id={text} />
      </p>
      <p>
        <Link to={homeHref}>
          <FormattedMessage id="platform.notFound.home" />
        </Link>
      </p>
    </section>
  );
}

/** 500: 'Houston, we have a problem!' / 'The page you are looking for is temporarily unavailable.' */
export function ServerErrorPage({ homeHref = '/' }: { homeHref?: string }) {
  return (
    <CodePage code={500} title="platform.error500.title" text="platform.error500.text" homeHref={homeHref} />
  );
}

/** 410: 'Too late!' / 'The page you are looking for does not exist anymore.' */
export function GonePage({ homeHref = '/' }: { homeHref?: string }) {
  return (
    <CodePage code={410} title="platform.error410.title" text="platform.error410.text" homeHref={homeHref} />
  );
}

/** The error page for an HTTP status: 404, 410 and 500 have their own; others the generic page. */
export function StatusErrorPage({ status, message }: { status?: number; message?: string }) {
  if (status === 404) return <NotFound />;
  if (status === 410) return <GonePage />;
  if (status === 500) return <ServerErrorPage />;
  return (
    <section data-testid="error-page">
      <ErrorState status={status} message={message} />
    </section>
  );
}

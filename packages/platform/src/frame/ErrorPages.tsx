import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { ErrorState } from '../ui/ErrorState';
import { NotFound } from '../ui/NotFound';

function CodePage({
  code,
  title,
  text,
  homeHref,
  homeLabel = 'platform.notFound.home',
}: {
  code: 403 | 410 | 500;
  title: string;
  text: string;
  homeHref: string;
  /** the link back, when not the home page */
  homeLabel?: string;
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
          <FormattedMessage id={homeLabel} />
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

/**
 * 403: the page the role may not use (the permission matrix of `@agora/contracts`), one page for every area:
 * 'You do not have permission to open this page.' with a link back to the dashboard.
 */
export function ForbiddenPage({ homeHref = '/admin/dashboard' }: { homeHref?: string }) {
  return (
    <CodePage
      code={403}
      title="platform.error403.title"
      text="platform.error403.text"
      homeHref={homeHref}
      homeLabel="platform.error403.back"
    />
  );
}

/** The error page for an HTTP status: 403, 404, 410 and 500 have their own; others the generic page. */
export function StatusErrorPage({ status, message }: { status?: number; message?: string }) {
  if (status === 403) return <ForbiddenPage />;
  if (status === 404) return <NotFound />;
  if (status === 410) return <GonePage />;
  if (status === 500) return <ServerErrorPage />;
  return (
    <section data-testid="error-page">
      <ErrorState status={status} message={message} />
    </section>
  );
}

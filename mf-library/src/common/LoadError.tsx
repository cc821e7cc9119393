import { useContext } from 'react';
import { ApiError, ErrorFromCall, NotFound } from '@agora/platform';
import { BasePathContext } from './base';

/**
 * What a page shows when loading what its URL names failed: the site's 404 page when the server answered 404
 * (a documentation page or library view that does not exist), the generic error page otherwise.
 */
export function LoadError({ error }: { error: unknown }) {
  const base = useContext(BasePathContext);
  if (error instanceof ApiError && error.status === 404) return <NotFound homeHref={`${base}/`} />;
  return <ErrorFromCall error={error} />;
}

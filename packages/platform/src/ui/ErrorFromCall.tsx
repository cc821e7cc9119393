import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../api';
import { errorMessageOf } from '../errorMessage';
import { ForbiddenPage } from '../frame/ErrorPages';
import { ErrorState } from './ErrorState';

/**
 * ErrorState for whatever a call threw, with the translated message of its code (never the server's English);
 * a 403 is the role's "no permission" page.
 */
export function ErrorFromCall({ error, action }: { error: unknown; action?: ReactNode }) {
  if (error instanceof ApiError && error.status === 403) return <ForbiddenPage />;
  const message = <FormattedMessage {...errorMessageOf(error)} />;
  if (error instanceof ApiError)
    return <ErrorState status={error.status} message={message} action={action} />;
  return <ErrorState message={message} action={action} />;
}

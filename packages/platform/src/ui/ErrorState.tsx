import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../api';
import { errorMessageId } from '../errorMessage';
import { ForbiddenPage } from '../frame/ErrorPages';

export interface ErrorStateProps {
  /** HTTP status, when the error came from the API */
  status?: number;
  /** what went wrong, translated (see `errorMessageId`) */
  message?: ReactNode;
  /** an extra action, e.g. a retry button */
  action?: ReactNode;
}

/** The spec's generic error page: 'Something went wrong', the status and message, 'Please try again later'. */
export function ErrorState({ status, message, action }: ErrorStateProps) {
  return (
    <div className="ag-error" role="alert" data-testid="error-state" data-status={status}>
      <h2>
        <FormattedMessage id="platform.error.title" />
      </h2>
      {status !== undefined && (
        <p className="ag-error-status">
          <FormattedMessage id="platform.error.status" values={{ status }} />
        </p>
      )}
      <p className="ag-error-message">{message || <FormattedMessage id="platform.error.unexpected" />}</p>
      <p>
        <FormattedMessage id="platform.error.retryLater" />
      </p>
      {action}
    </div>
  );
}

/**
 * ErrorState for whatever a call threw, with the translated message of its code (never the server's English);
 * a 403 is the role's "no permission" page.
 */
export function ErrorFromCall({ error, action }: { error: unknown; action?: ReactNode }) {
  if (error instanceof ApiError && error.status === 403) return <ForbiddenPage />;
  const message = <FormattedMessage id={errorMessageId(error)} />;
  if (error instanceof ApiError)
    return <ErrorState status={error.status} message={message} action={action} />;
  return <ErrorState message={message} action={action} />;
}

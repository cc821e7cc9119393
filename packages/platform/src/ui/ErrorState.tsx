import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

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

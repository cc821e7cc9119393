import { FormattedMessage } from 'react-intl';

/** A polite busy indicator. */
export function Loading() {
  return (
    <div className="ag-loading" role="status" aria-live="polite" data-testid="loading">
      <span className="ag-spinner" aria-hidden="true" />
      <FormattedMessage id="platform.loading" />
    </div>
  );
}

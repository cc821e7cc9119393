import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Shown instead of an empty list. */
export function EmptyState({ children }: { children?: ReactNode }) {
  return (
    <p className="ag-empty" data-testid="empty-state">
      {children ?? <FormattedMessage id="platform.empty" />}
    </p>
  );
}

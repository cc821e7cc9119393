import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from '@agora/platform';

/** One line of a details modal: its key (in the test id), the message id of its label, and its value. */
export type DetailRow = [key: string, labelId: string, value: ReactNode];

/**
 * A read-only details modal: a definition list of `rows` and a close button. The modal's test id is
 * `{testId}-details`, each line's `{testId}-detail-{key}`.
 */
export function DetailsModal({
  titleId,
  testId,
  rows,
  onClose,
}: {
  titleId: string;
  testId: string;
  rows: readonly DetailRow[];
  onClose: () => void;
}) {
  return (
    <Modal title={<FormattedMessage id={titleId} />} onClose={onClose} testId={`${testId}-details`}>
      <dl className="ag-details">
        {rows.map(([key, label, value]) => (
          <div key={key} data-testid={`${testId}-detail-${key}`}>
            <dt>
              <FormattedMessage id={label} />
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="ag-modal-actions">
        <button type="button" className="ag-button" onClick={onClose}>
          <FormattedMessage id="members.user.close" />
        </button>
      </div>
    </Modal>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { DateText, Modal } from '@agora/platform';
import { addressText } from './address';
import type { UserRow } from './types';

/** The user details modal (spec part 1 §2): every field of the user, read only. */
export function UserDetailsModal({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const rows: Array<[string, ReactNode]> = [
    ['username', user.username],
    ['firstname', user.firstname],
    ['lastname', user.lastname],
    ['email', user.email],
    ['role', <FormattedMessage key="r" id={`members.role.${user.role}`} />],
    ['active', <FormattedMessage key="a" id={user.active ? 'platform.yes' : 'platform.no'} />],
    ['phone', user.phone ?? ''],
    ['address', addressText(user.address)],
    ['created', <DateText key="c" value={user.created} />],
    [
      'last_login',
      user.last_login ? (
        <DateText key="l" value={user.last_login} />
      ) : (
        <FormattedMessage key="n" id="members.user.never" />
      ),
    ],
  ];
  return (
    <Modal title={<FormattedMessage id="members.user.details" />} onClose={onClose} testId="user-details">
      <dl className="ag-details">
        {rows.map(([key, value]) => (
          <div key={key} data-testid={`user-detail-${key}`}>
            <dt>
              <FormattedMessage id={`members.users.col.${key}`} />
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

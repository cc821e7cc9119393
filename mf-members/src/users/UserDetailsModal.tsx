import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { DateText } from '@agora/platform';
import { DetailsModal, type DetailRow } from '../common/DetailsModal';
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
    <DetailsModal
      titleId="members.user.details"
      testId="user"
      rows={rows.map(([key, value]): DetailRow => [key, `members.users.col.${key}`, value])}
      onClose={onClose}
    />
  );
}

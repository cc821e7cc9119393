import { FormattedMessage, FormattedNumber } from 'react-intl';
import { DetailsModal, type DetailRow } from '../common/DetailsModal';
import type { MemberRow } from './types';

/** The member details modal: the row's fields, read only. */
export function MemberDetailsModal({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const rows: DetailRow[] = [
    ['username', 'members.users.col.username', member.username],
    ['firstname', 'members.users.col.firstname', member.firstname],
    ['lastname', 'members.users.col.lastname', member.lastname],
    ['email', 'members.users.col.email', member.email],
    [
      'enrol_role',
      'members.members.col.enrol_role',
      <FormattedMessage key="r" id={`members.enrolRole.${member.enrol_role}`} />,
    ],
    [
      'weight',
      'members.members.col.weight',
      member.weight === null ? (
        <FormattedMessage key="w" id="members.members.noWeight" />
      ) : (
        <FormattedNumber key="w" value={member.weight} maximumFractionDigits={2} />
      ),
    ],
  ];
  return <DetailsModal titleId="members.members.details" testId="member" rows={rows} onClose={onClose} />;
}

import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Modal } from '@agora/platform';
import type { MemberRow } from './types';

/** The member details modal: the row's fields, read only. */
export function MemberDetailsModal({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const rows: Array<[string, string, ReactNode]> = [
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
  return (
    <Modal
      title={<FormattedMessage id="members.members.details" />}
      onClose={onClose}
      testId="member-details"
    >
      <dl className="ag-details">
        {rows.map(([key, label, value]) => (
          <div key={key} data-testid={`member-detail-${key}`}>
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

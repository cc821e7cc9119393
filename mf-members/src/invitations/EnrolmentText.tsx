import { Fragment } from 'react';
import { FormattedMessage } from 'react-intl';
import type { InvitationEnrolment } from './types';

/** An invitation's enrolments: `category: role` for each category (by short name), one per line. */
export function EnrolmentText({ enrolment }: { enrolment: InvitationEnrolment }) {
  const entries = Object.entries(enrolment);
  if (entries.length === 0) return null;
  return (
    <>
      {entries.map(([category, role], i) => (
        <Fragment key={category}>
          {i > 0 && <br />}
          {category}: <FormattedMessage id={`members.enrolRole.${role}`} />
        </Fragment>
      ))}
    </>
  );
}

/** The CSV text of an invitation's enrolments: `category:role` pairs separated by spaces. */
export function enrolmentCsv(enrolment: InvitationEnrolment): string {
  return Object.entries(enrolment)
    .map(([category, role]) => `${category}:${role}`)
    .join(' ');
}

import { FormattedMessage } from 'react-intl';
import type { Role } from '@agora/contracts';
import type { Column } from '@agora/platform';

/** What the users, members and enrolment lists show of everyone. */
export interface PersonRow {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** An e-mail address that may wrap after the @ rather than anywhere. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * The first columns of every list of people (spec part 2: users, members, enrolment): user name, first name, last
 * name and e-mail, each sortable, the e-mail wrapping after its @.
 */
export function personColumns<T extends PersonRow>(): Column<T>[] {
  return [
    { key: 'username', header: <FormattedMessage id="members.users.col.username" />, sort: true },
    { key: 'firstname', header: <FormattedMessage id="members.users.col.firstname" />, sort: true },
    { key: 'lastname', header: <FormattedMessage id="members.users.col.lastname" />, sort: true },
    {
      key: 'email',
      header: <FormattedMessage id="members.users.col.email" />,
      sort: true,
      cell: (p) => <EmailText email={p.email} />,
    },
  ];
}

/** The platform role (sortable), in words; the CSV keeps the role's name. */
export function roleColumn<T extends { role: Role }>(): Column<T> {
  return {
    key: 'role',
    header: <FormattedMessage id="members.users.col.role" />,
    sort: true,
    cell: (u) => <FormattedMessage id={`members.role.${u.role}`} />,
  };
}

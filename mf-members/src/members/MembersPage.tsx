import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ENROL_ROLES, type EnrolRole } from '@agora/contracts';
import { client, DataTable, PageHeader, type Column } from '@agora/platform';
import { personColumns } from '../common/columns';
import { useRowAction } from '../common/useRowAction';
import '../common/people.css';
import { ActiveCategoryLine, ActiveCategoryPage, useCategoryTable } from './activeCategory';
import { MemberDetailsModal } from './MemberDetailsModal';
import { MEMBERS_LIST, type MemberRow } from './types';
import './members.css';

const ROLE_FILTER = 'app.enrolment.role';

export const isEnrolRole = (value: unknown): value is EnrolRole =>
  typeof value === 'string' && (ENROL_ROLES as readonly string[]).includes(value);

/** The page of the active category, or the prompt without one. */
export default function MembersPage({ basePath = '' }: { basePath?: string }) {
  return (
    <ActiveCategoryPage
      basePath={basePath}
      titleId="members.members.title"
      render={(category) => <MembersOf basePath={basePath} token={category.token} title={category.title} />}
    />
  );
}

/**
 * /admin/administration/members[/{role}]: the members of the active category (spec part 2 "Members list": username,
 * firstname, lastname, email, enrol_role, weight; sortable by all but enrol_role, last name first; search, role
 * filter, reset, CSV participants.csv, view, drop, paging). The enrolment role is changed in its cell.
 */
function MembersOf({ basePath, token, title }: { basePath: string; token: string; title: string }) {
  const intl = useIntl();
  const [viewing, setViewing] = useState<MemberRow | null>(null);
  const table = useCategoryTable(MEMBERS_LIST, token, ROLE_FILTER, isEnrolRole);
  const { run } = useRowAction(table.listPath);

  /** The role select of a row: `PUT enrolment/category/{category}/userid/{uuid}` {role}. */
  const changeRole = useCallback(
    async (m: MemberRow, next: EnrolRole) => {
      if (next === m.enrol_role) return;
      await run(
        () =>
          client.PUT('/api/enrolment/category/{category}/userid/{uuid}', {
            params: { path: { category: token, uuid: m.uuid } },
            body: { role: next },
          }),
        'successful update',
      );
    },
    [run, token],
  );

  /** Row button drop: 'unenroll confirm' / 'do you wish to continue', then `DELETE enrolment/…`. */
  const drop = useCallback(
    (m: MemberRow) =>
      run(
        () =>
          client.DELETE('/api/enrolment/category/{category}/userid/{uuid}', {
            params: { path: { category: token, uuid: m.uuid } },
          }),
        'data deleted',
        { title: 'unenroll confirm', body: 'do you wish to continue' },
      ),
    [run, token],
  );

  const columns = useMemo<Column<MemberRow>[]>(
    () => [
      ...personColumns<MemberRow>(),
      {
        key: 'enrol_role',
        header: <FormattedMessage id="members.members.col.enrol_role" />,
        cell: (m) => (
          <select
            className="ag-input mb-role-select"
            value={m.enrol_role}
            aria-label={intl.formatMessage({ id: 'members.members.changeRole' }, { username: m.username })}
            data-testid="member-role"
            onChange={(e) => void changeRole(m, e.target.value as EnrolRole)}
          >
            {ENROL_ROLES.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `members.enrolRole.${r}` })}
              </option>
            ))}
          </select>
        ),
        csv: (m) => m.enrol_role,
      },
      {
        key: 'weight',
        header: <FormattedMessage id="members.members.col.weight" />,
        sort: true,
        cell: (m) =>
          m.weight === null ? (
            <span title={intl.formatMessage({ id: 'members.members.noWeight' })}>–</span>
          ) : (
            intl.formatNumber(m.weight, { maximumFractionDigits: 2 })
          ),
        csv: (m) => m.weight,
      },
    ],
    [changeRole, intl],
  );

  const filters = useMemo(
    () => [
      {
        key: ROLE_FILTER,
        label: <FormattedMessage id="members.members.filter.role" />,
        options: ENROL_ROLES.map((r) => ({
          value: r,
          label: intl.formatMessage({ id: `members.enrolRole.${r}` }),
        })),
      },
    ],
    [intl],
  );

  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={<FormattedMessage id="members.members.title" />}
        actions={
          <Link
            className="ag-button ag-button-primary"
            to={`${basePath}/admin/administration/enroll`}
            data-testid="members-enroll"
          >
            <FormattedMessage id="members.enroll.title" />
          </Link>
        }
      />
      <ActiveCategoryLine title={title} />
      <div className="mb-people mb-members mb-members-list">
        <DataTable
          table={table}
          columns={columns}
          rowKey={(m) => m.uuid}
          rowTestId="member-row"
          caption={<FormattedMessage id="members.members.caption" />}
          empty={<FormattedMessage id="members.members.empty" />}
          filters={filters}
          searchable
          csvFileName="participants"
          onView={setViewing}
          onDrop={(m) => void drop(m)}
        />
      </div>
      {viewing && <MemberDetailsModal member={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}

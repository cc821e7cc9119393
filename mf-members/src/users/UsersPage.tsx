import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { isRole, ROLES } from '@agora/contracts';
import {
  client,
  DataTable,
  DateText,
  PageHeader,
  useSession,
  useTableQuery,
  type Column,
} from '@agora/platform';
import { personColumns, roleColumn } from '../common/columns';
import { useRowAction } from '../common/useRowAction';
import '../common/people.css';
import { addressText } from './address';
import { UserDetailsModal } from './UserDetailsModal';
import { UserEditModal } from './UserEditModal';
import { USERS_LIST, type UserRow } from './types';
import './users.css';

/** `/status/{status}` of the route: active/inactive (or true/false) → the `active` filter. */
function statusFilter(status: string | undefined): string {
  if (status === 'active' || status === 'true') return 'true';
  if (status === 'inactive' || status === 'false') return 'false';
  return '';
}

/**
 * /admin/users, /admin/users/list[/role/{role}][/status/{status}]: the users list of spec part 2 (columns
 * username, firstname, lastname, email, role, created, active, address, phone; filters by role and status;
 * search, sorting by last name first, pagination, CSV export).
 */
export default function UsersPage({ basePath = '' }: { basePath?: string }) {
  const intl = useIntl();
  const { user: me } = useSession();
  const [viewing, setViewing] = useState<UserRow | null>(null);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  const params = useParams();
  // The spec: an unknown role filter means no role filter.
  const role = params.role && isRole(params.role) ? params.role : '';
  const active = statusFilter(params.status);
  const initialFilters = useMemo(() => {
    const f: Record<string, string> = {};
    if (role) f.role = role;
    if (active) f.active = active;
    return f;
  }, [role, active]);
  const table = useTableQuery({ path: USERS_LIST, sort: 'lastname', method: 'asc', initialFilters });

  const columns = useMemo<Column<UserRow>[]>(
    () => [
      ...personColumns<UserRow>(),
      roleColumn<UserRow>(),
      {
        key: 'created',
        header: <FormattedMessage id="members.users.col.created" />,
        sort: true,
        cell: (u) => <DateText value={u.created} />,
      },
      {
        key: 'active',
        header: <FormattedMessage id="members.users.col.active" />,
        sort: true,
        cell: (u) => <FormattedMessage id={u.active ? 'platform.yes' : 'platform.no'} />,
      },
      {
        key: 'address',
        header: <FormattedMessage id="members.users.col.address" />,
        cell: (u) => addressText(u.address),
        csv: (u) => addressText(u.address),
      },
      { key: 'phone', header: <FormattedMessage id="members.users.col.phone" /> },
    ],
    [],
  );

  const { reload, run } = useRowAction(table.listPath);

  /** Row button activate/deactivate: `PUT users/uuid/{uuid}` with the other `active`. */
  const toggleActive = useCallback(
    (u: UserRow) =>
      run(
        () =>
          client.PUT('/api/users/uuid/{uuid}', {
            params: { path: { uuid: u.uuid } },
            body: { active: !u.active },
          }),
        'successful update',
      ),
    [run],
  );

  /** Row button drop: 'drop confirm' / 'do you wish to continue', then `DELETE users/uuid/{uuid}`. */
  const drop = useCallback(
    (u: UserRow) =>
      run(
        () => client.DELETE('/api/users/uuid/{uuid}', { params: { path: { uuid: u.uuid } } }),
        'data deleted',
        {
          title: 'drop confirm',
          body: 'do you wish to continue',
        },
      ),
    [run],
  );

  const filters = useMemo(
    () => [
      {
        key: 'role',
        label: <FormattedMessage id="members.users.filter.role" />,
        options: ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: `members.role.${r}` }) })),
      },
      {
        key: 'active',
        label: <FormattedMessage id="members.users.filter.status" />,
        options: [
          { value: 'true', label: intl.formatMessage({ id: 'members.users.status.active' }) },
          { value: 'false', label: intl.formatMessage({ id: 'members.users.status.inactive' }) },
        ],
      },
    ],
    [intl],
  );

  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={<FormattedMessage id="members.users.title" />}
        actions={
          <>
            <Link className="ag-button" to={`${basePath}/admin/users/requests`} data-testid="users-requests">
              <FormattedMessage id="members.requests.link" />
            </Link>
            <Link
              className="ag-button ag-button-primary"
              to={`${basePath}/admin/users/add`}
              data-testid="user-add"
            >
              <FormattedMessage id="members.user.add" />
            </Link>
          </>
        }
      />
      <div className="mb-people mb-users">
        <DataTable
          table={table}
          columns={columns}
          rowKey={(u) => u.uuid}
          rowTestId="user-row"
          caption={<FormattedMessage id="members.users.caption" />}
          empty={<FormattedMessage id="members.users.empty" />}
          filters={filters}
          searchable
          csvFileName="users"
          onView={setViewing}
          onEdit={setEditing}
          onActivate={(u) => void toggleActive(u)}
          isActive={(u) => u.active}
          onDrop={(u) => void drop(u)}
          canAct={(u, action) => !(u.uuid === me?.uuid && (action === 'activate' || action === 'drop'))}
        />
      </div>
      {viewing && <UserDetailsModal user={viewing} onClose={() => setViewing(null)} />}
      {editing && (
        <UserEditModal
          user={editing}
          selfUuid={me?.uuid}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
          onClose={closeEditor}
        />
      )}
    </section>
  );
}

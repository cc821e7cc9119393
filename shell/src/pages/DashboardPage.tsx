import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayOpen, ROLES } from '@agora/contracts';
import { PageHeader, Permission, useApi, useSession } from '@agora/platform';

const AREAS = [
  { to: '/admin/library/gallery', title: 'shell.nav.library', text: 'shell.dashboard.library' },
  { to: '/admin/data', title: 'shell.nav.data', text: 'shell.dashboard.data' },
  { to: '/admin/administration/project/list', title: 'shell.nav.projects', text: 'shell.dashboard.projects' },
  { to: '/admin/users/list', title: 'shell.nav.users', text: 'shell.dashboard.users' },
  { to: '/admin/settings/general', title: 'shell.nav.settings', text: 'shell.dashboard.settings' },
] as const;

/** `GET /api/users/admin/stats`: `{total, status: {active, inactive}, role: {admin, …}}`. */
interface UserStats {
  total?: number;
  status?: Partial<Record<'active' | 'inactive', number>>;
  role?: Partial<Record<string, number>>;
}

/** Rows of the stats card: message id and count. */
export function statsRows(stats: UserStats): [string, number][] {
  const rows: [string, number][] = [];
  if (typeof stats.total === 'number') rows.push(['shell.stats.total', stats.total]);
  for (const key of ['active', 'inactive'] as const) {
    const value = stats.status?.[key];
    if (typeof value === 'number') rows.push([`shell.stats.${key}`, value]);
  }
  for (const role of ROLES) {
    const value = stats.role?.[role];
    if (typeof value === 'number') rows.push([`shell.role.${role}`, value]);
  }
  return rows;
}

/** The admin's stats card; hidden when the call fails. */
function StatsCard() {
  const { data, error } = useApi<UserStats>('users/admin/stats');
  if (error || !data || typeof data !== 'object') return null;
  const rows = statsRows(data);
  if (rows.length === 0) return null;
  return (
    <section className="sh-card sh-stats" data-testid="stats-card">
      <h2 className="sh-subtitle">
        <FormattedMessage id="shell.dashboard.stats" />
      </h2>
      <dl className="sh-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>
              <FormattedMessage id={label} />
            </dt>
            <dd>
              <FormattedNumber value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  return (
    <section data-testid="dashboard-page">
      <PageHeader title={<FormattedMessage id="shell.dashboard.title" />} />
      {user && (
        <p>
          <FormattedMessage
            id="shell.dashboard.welcome"
            values={{ name: `${user.firstname} ${user.lastname}` }}
          />
        </p>
      )}
      <Permission roles={['admin']}>
        <StatsCard />
      </Permission>
      <h2 className="sh-subtitle">
        <FormattedMessage id="shell.dashboard.areas" />
      </h2>
      <ul className="sh-cards">
        {AREAS.filter((a) => mayOpen(user?.role, a.to)).map((a) => (
          <li key={a.to} className="sh-card">
            <Link to={a.to}>
              <FormattedMessage id={a.title} />
            </Link>
            <p>
              <FormattedMessage id={a.text} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayOpen, ROLES } from '@agora/contracts';
import { PageHeader, Permission, useApiGet, useSession, type ApiGetData } from '@agora/platform';

const AREAS = [
  { to: '/admin/library/gallery', title: 'shell.nav.library', text: 'shell.dashboard.library' },
  { to: '/admin/data', title: 'shell.nav.data', text: 'shell.dashboard.data' },
  { to: '/admin/administration/project/list', title: 'shell.nav.projects', text: 'shell.dashboard.projects' },
  { to: '/admin/users/list', title: 'shell.nav.users', text: 'shell.dashboard.users' },
  { to: '/admin/settings/general', title: 'shell.nav.settings', text: 'shell.dashboard.settings' },
] as const;

/** Rows of the stats card (`GET /api/users/admin/stats`): message id and count. */
export function statsRows(stats: ApiGetData<'/api/users/admin/stats'>): [string, number][] {
  const rows: [string, number][] = [
    ['shell.stats.total', stats.total],
    ['shell.stats.active', stats.status.active],
    ['shell.stats.inactive', stats.status.inactive],
  ];
  for (const role of ROLES) {
    const value = stats.role[role];
    if (value !== undefined) rows.push([`shell.role.${role}`, value]);
  }
  return rows;
}

/** The admin's stats card; hidden when the call fails. */
function StatsCard() {
  const { data, error } = useApiGet('/api/users/admin/stats', {});
  if (error || !data) return null;
  const rows = statsRows(data);
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

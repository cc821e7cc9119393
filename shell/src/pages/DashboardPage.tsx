import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayOpen, ROLES } from '@agora/contracts';
import { PageHeader, Permission, useApiGet, useSession, type ApiGetData } from '@agora/platform';
import { AnswersOverTime } from './AnswersChart';

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

/** Rows of the platform card (`GET /api/stats`): message id and count; the users' only when accounts answered. */
export function platformRows(stats: ApiGetData<'/api/stats'>): [string, number][] {
  const rows: [string, number][] = [
    ['shell.platform.categories', stats.categories],
    ['shell.platform.projects', stats.projects.total],
    ['shell.platform.projectsActive', stats.projects.active],
    ['shell.platform.projectsPublic', stats.projects.public],
    ['shell.platform.projectsHidden', stats.projects.hidden],
    ['shell.platform.answers', stats.answers.total],
    ['shell.platform.answersWeek', stats.answers.week],
    ['shell.platform.answersMonth', stats.answers.month],
  ];
  if (stats.users) rows.push(['shell.platform.users', stats.users.total]);
  return rows;
}

/** The admin's platform card: categories, projects, answers and users; hidden when the call fails. */
function PlatformCard() {
  const { data, error } = useApiGet('/api/stats', {});
  if (error || !data) return null;
  return (
    <NumbersCard testId="platform-card" title="shell.dashboard.platform" rows={platformRows(data)}>
      {data.users === null && (
        <p>
          <FormattedMessage id="shell.platform.usersUnavailable" />
        </p>
      )}
    </NumbersCard>
  );
}

/** The admin's user-stats card; hidden when the call fails. */
function StatsCard() {
  const { data, error } = useApiGet('/api/users/admin/stats', {});
  if (error || !data) return null;
  return <NumbersCard testId="stats-card" title="shell.dashboard.stats" rows={statsRows(data)} />;
}

/** A card of labelled numbers. */
function NumbersCard({
  testId,
  title,
  rows,
  children,
}: {
  testId: string;
  title: string;
  rows: [string, number][];
  children?: ReactNode;
}) {
  return (
    <section className="sh-card sh-stats" data-testid={testId}>
      <h2 className="sh-subtitle">
        <FormattedMessage id={title} />
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
      {children}
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
        <div className="sh-dashboard-cards">
          <PlatformCard />
          <StatsCard />
        </div>
        <AnswersOverTime />
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

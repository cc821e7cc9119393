import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { useSession } from '@agora/platform';
import { isStaff } from '../access';

interface Item {
  to: string;
  label: string;
  icon: string;
  end?: boolean;
  adminOnly?: boolean;
}

const STAFF_ITEMS: Item[] = [
  { to: '/admin/dashboard', label: 'shell.nav.dashboard', icon: '◫' },
  { to: '/admin/library/gallery', label: 'shell.nav.library', icon: '▦' },
  { to: '/admin/data', label: 'shell.nav.data', icon: '▤' },
  { to: '/admin/administration/project/list', label: 'shell.nav.projects', icon: '◧' },
  { to: '/admin/users/list', label: 'shell.nav.users', icon: '☺' },
  { to: '/admin/settings/general', label: 'shell.nav.settings', icon: '⚙', adminOnly: true },
];

const PARTICIPANT_ITEMS: Item[] = [
  { to: '/', label: 'shell.nav.home', icon: '⌂', end: true },
  { to: '/participate', label: 'shell.nav.participate', icon: '✎' },
];

const VISITOR_ITEMS: Item[] = [
  { to: '/', label: 'shell.nav.home', icon: '⌂', end: true },
  { to: '/login', label: 'shell.nav.login', icon: '→' },
];

export interface SidebarProps {
  /** open on phones (below 768 px) */
  open: boolean;
  /** minimised on wider screens: icons only */
  minimized: boolean;
  onNavigate: () => void;
  onToggleMinimized: () => void;
}

export function Sidebar({ open, minimized, onNavigate, onToggleMinimized }: SidebarProps) {
  const intl = useIntl();
  const { user } = useSession();
  const items = !user
    ? VISITOR_ITEMS
    : isStaff(user.role)
      ? STAFF_ITEMS.filter((i) => !i.adminOnly || user.role === 'admin')
      : PARTICIPANT_ITEMS;
  const classes = ['sh-sidebar'];
  if (open) classes.push('sh-sidebar-open');
  if (minimized) classes.push('sh-sidebar-mini');
  return (
    <nav
      id="sh-sidebar"
      className={classes.join(' ')}
      aria-label={intl.formatMessage({ id: 'shell.nav.label' })}
      data-testid="sidebar"
    >
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              title={minimized ? intl.formatMessage({ id: item.label }) : undefined}
            >
              <span className="sh-nav-icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className={minimized ? 'ag-visually-hidden' : 'sh-nav-label'}>
                <FormattedMessage id={item.label} />
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="sh-sidebar-minimize"
        aria-pressed={minimized}
        onClick={onToggleMinimized}
        data-testid="sidebar-minimize"
      >
        <span aria-hidden="true">{minimized ? '»' : '«'}</span>
        <span className={minimized ? 'ag-visually-hidden' : 'sh-nav-label'}>
          <FormattedMessage id="shell.nav.minimize" />
        </span>
      </button>
    </nav>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { useSession } from '@agora/platform';
import { isStaff, mayOpen, type Role } from '@agora/contracts';

interface Item {
  to: string;
  label: string;
  icon?: string;
  end?: boolean;
  /** sub-entries, listed under the entry (not when the menu is minimised) */
  children?: Item[];
}

/**
 * The admin menu (spec part 1 §2, part 2 §2). Each entry is shown only to the roles the permission matrix
 * (`@agora/contracts`, the rule the server applies to the page's calls) lets open its route.
 */
const STAFF_ITEMS: Item[] = [
  { to: '/admin/dashboard', label: 'shell.nav.dashboard', icon: '◫' },
  {
    to: '/admin/library/gallery',
    label: 'shell.nav.library',
    icon: '▦',
    children: [
      { to: '/admin/library/gallery', label: 'shell.nav.library.gallery' },
      { to: '/admin/library/upload', label: 'shell.nav.library.upload' },
      { to: '/admin/library/documentation', label: 'shell.nav.library.documentation' },
      { to: '/admin/library/views', label: 'shell.nav.library.views' },
      { to: '/admin/library/export', label: 'shell.nav.library.backups' },
      { to: '/admin/browse', label: 'shell.nav.library.browse' },
    ],
  },
  { to: '/admin/data', label: 'shell.nav.data', icon: '▤' },
  { to: '/admin/administration/project/list', label: 'shell.nav.projects', icon: '◧' },
  { to: '/admin/administration/members', label: 'shell.nav.members', icon: '☷' },
  { to: '/admin/administration/enroll', label: 'shell.nav.enrollMembers', icon: '⊕' },
  { to: '/admin/administration/profile', label: 'shell.nav.consultationProfile', icon: '☰' },
  { to: '/admin/administration/invitations', label: 'shell.nav.invitations', icon: '✉' },
  { to: '/admin/users/list', label: 'shell.nav.users', icon: '☺' },
  { to: '/admin/audit', label: 'shell.nav.audit', icon: '◷' },
  {
    to: '/admin/settings/general',
    label: 'shell.nav.settings',
    icon: '⚙',
    children: [
      { to: '/admin/settings/general', label: 'shell.nav.settings.general' },
      { to: '/admin/settings/frontpage', label: 'shell.nav.settings.frontpage' },
      { to: '/admin/settings/policy', label: 'shell.nav.settings.policy' },
      { to: '/admin/settings/templates', label: 'shell.nav.settings.templates' },
    ],
  },
];

/** The entries (and sub-entries) of `items` that a user with `role` may open. */
export function allowedItems(items: readonly Item[], role: Role): Item[] {
  return items
    .filter((item) => mayOpen(role, item.to))
    .map((item) => (item.children ? { ...item, children: allowedItems(item.children, role) } : item));
}

const PARTICIPANT_ITEMS: Item[] = [
  { to: '/', label: 'shell.nav.home', icon: '⌂', end: true },
  { to: '/participate', label: 'shell.nav.participate', icon: '✎' },
  { to: '/enroll', label: 'shell.nav.enroll', icon: '+' },
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
      ? allowedItems(STAFF_ITEMS, user.role)
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
            {item.children && item.children.length > 0 && !minimized && (
              <ul className="sh-subnav">
                {item.children.map((child) => (
                  <li key={child.to}>
                    <NavLink to={child.to} onClick={onNavigate}>
                      <FormattedMessage id={child.label} />
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
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

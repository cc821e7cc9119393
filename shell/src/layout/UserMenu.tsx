import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { Role, SessionUser } from '@agora/contracts';
import { useSession } from '@agora/platform';

interface MenuItem {
  to: string;
  label: string;
}

/**
 * The custom items of the user dropdown, per role (spec part 1 §2 Header). A guest takes part like an authorized
 * user (the services admit every logged-in user to the participant side, and the sidebar offers it), so both
 * get the participation entry (decision 0072).
 */
export const USER_MENU_ITEMS: Record<Role, readonly MenuItem[]> = {
  admin: [
    { to: '/admin/dashboard', label: 'shell.nav.dashboard' },
    { to: '/admin/settings/general', label: 'shell.nav.settings' },
    { to: '/admin/users/list', label: 'shell.nav.users' },
  ],
  editor: [
    { to: '/admin/dashboard', label: 'shell.nav.dashboard' },
    { to: '/admin/library/gallery', label: 'shell.nav.library' },
  ],
  reviewer: [{ to: '/admin/dashboard', label: 'shell.nav.dashboard' }],
  authorized: [{ to: '/participate', label: 'shell.nav.participate' }],
  guest: [{ to: '/participate', label: 'shell.nav.participate' }],
};

/** The user's initials, shown instead of the name and role on a phone ('ΕΓ' for Ελένη Γεωργίου). */
export function initialsOf(user: Pick<SessionUser, 'firstname' | 'lastname' | 'username'>): string {
  const letters = [user.firstname, user.lastname].map((n) => n.trim().charAt(0)).join('');
  return (letters || user.username.charAt(0)).toLocaleUpperCase();
}

/** The user dropdown: a disclosure button (name and role) opening the profile link, role items and logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  async function onLogout() {
    setOpen(false);
    await logout();
    navigate('/login');
  }

  return (
    <div className="sh-user" ref={root} data-testid="user-menu">
      <button
        ref={button}
        type="button"
        className="sh-user-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu-toggle"
      >
        <span className="sh-user-initials" aria-hidden="true" data-testid="user-initials">
          {initialsOf(user)}
        </span>
        <span className="sh-user-name" data-testid="user-name">
          {user.firstname} {user.lastname}
        </span>
        <span className="sh-user-role" data-testid="user-role">
          <FormattedMessage id={`shell.role.${user.role}`} />
        </span>
        <span aria-hidden="true" className="sh-caret">
          ▾
        </span>
      </button>
      <ul id={panelId} className="sh-user-panel" hidden={!open}>
        <li>
          <Link to="/profile" onClick={() => setOpen(false)} data-testid="profile-link">
            <FormattedMessage id="shell.user.profile" />
          </Link>
        </li>
        {USER_MENU_ITEMS[user.role].map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={() => setOpen(false)}>
              <FormattedMessage id={item.label} />
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="sh-user-logout" onClick={onLogout} data-testid="logout">
            <FormattedMessage id="shell.user.logout" />
          </button>
        </li>
      </ul>
    </div>
  );
}

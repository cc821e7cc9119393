import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useSession } from '@agora/platform';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

export interface HeaderProps {
  navOpen: boolean;
  onToggleNav: () => void;
  asideOpen: boolean;
  onToggleAside: () => void;
}

export function Header({ navOpen, onToggleNav, asideOpen, onToggleAside }: HeaderProps) {
  const intl = useIntl();
  const { user } = useSession();
  return (
    <header className="sh-header">
      <button
        type="button"
        className="sh-nav-toggle"
        aria-controls="sh-sidebar"
        aria-expanded={navOpen}
        onClick={onToggleNav}
        data-testid="nav-toggle"
      >
        <span aria-hidden="true">☰</span>
        <span className="ag-visually-hidden">
          <FormattedMessage id="shell.nav.toggle" />
        </span>
      </button>
      <Link to="/" className="sh-brand">
        <FormattedMessage id="shell.brand" />
      </Link>
      <div className="sh-header-tools">
        <LanguageMenu />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Link to="/login" className="sh-link" data-testid="login-link">
            <FormattedMessage id="shell.nav.login" />
          </Link>
        )}
        <button
          type="button"
          className="sh-aside-toggle"
          aria-controls="sh-aside"
          aria-expanded={asideOpen}
          onClick={onToggleAside}
          title={intl.formatMessage({ id: 'shell.aside.toggle' })}
          data-testid="aside-toggle"
        >
          <span aria-hidden="true" className="sh-aside-icon">
            i
          </span>
          <span className="ag-visually-hidden">
            <FormattedMessage id="shell.aside.toggle" />
          </span>
        </button>
      </div>
    </header>
  );
}

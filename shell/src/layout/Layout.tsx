import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { CookieBanner } from './CookieBanner';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { ASIDE_OPEN_KEY, SIDEBAR_MINIMIZED_KEY, useStoredFlag } from './storage';

/** id of the aside's content slot: pages and remotes may render details into it with a portal. */
export const ASIDE_SLOT_ID = 'sh-aside-slot';

/**
 * Header, sidebar (minimisable, remembered; behind a toggle below 768 px), the main landmark, an aside that can be
 * toggled, and the cookie banner.
 */
export function Layout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [navOpen, setNavOpen] = useState(false);
  const [minimized, setMinimized] = useStoredFlag(SIDEBAR_MINIMIZED_KEY);
  const [asideOpen, setAsideOpen] = useStoredFlag(ASIDE_OPEN_KEY);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    // Navigating closes the mobile menu.
    setLastPath(pathname);
    setNavOpen(false);
  }

  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setNavOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className="sh-app">
      <a href="#main" className="sh-skip-link">
        <FormattedMessage id="shell.skipToContent" />
      </a>
      <Header
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((o) => !o)}
        asideOpen={asideOpen}
        onToggleAside={() => setAsideOpen(!asideOpen)}
      />
      <div className="sh-body">
        <Sidebar
          open={navOpen}
          minimized={minimized}
          onNavigate={() => setNavOpen(false)}
          onToggleMinimized={() => setMinimized(!minimized)}
        />
        <main id="main" className="sh-main" tabIndex={-1}>
          {children}
        </main>
        <aside
          id="sh-aside"
          className="sh-aside"
          hidden={!asideOpen}
          aria-label={intl.formatMessage({ id: 'shell.aside.label' })}
          data-testid="aside"
        >
          <div className="sh-aside-head">
            <h2>
              <FormattedMessage id="shell.aside.label" />
            </h2>
            <button
              type="button"
              className="sh-button"
              onClick={() => setAsideOpen(false)}
              data-testid="aside-close"
            >
              <FormattedMessage id="shell.aside.close" />
            </button>
          </div>
          <div id={ASIDE_SLOT_ID}>
            <p className="sh-muted">
              <FormattedMessage id="shell.aside.empty" />
            </p>
          </div>
        </aside>
      </div>
      <CookieBanner />
    </div>
  );
}

import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { PageHeader, Permission } from '@agora/platform';
import { useHref } from './base';

const LINKS = [
  { path: '/admin/library/gallery', label: 'library.nav.gallery', role: 'editor' },
  { path: '/admin/library/upload', label: 'library.nav.upload', role: 'editor' },
  { path: '/admin/library/documentation', label: 'library.nav.documentation', role: 'editor' },
  { path: '/admin/library/views', label: 'library.nav.views', role: 'editor' },
  { path: '/admin/library/export', label: 'library.nav.backups', role: 'admin' },
] as const;

/**
 * The frame of the library's admin pages: the library menu's children (gallery, upload, documentation, views,
 * backups) as a sub-navigation, since the shell's sidebar has one library entry only, then the page.
 */
export function LibraryLayout({
  title,
  actions,
  children,
  testId = 'mf-library-page',
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const intl = useIntl();
  const href = useHref();
  return (
    <section className="lib-page" data-testid={testId} data-remote-version={__APP_VERSION__}>
      <nav className="lib-subnav" aria-label={intl.formatMessage({ id: 'library.nav.label' })}>
        <ul>
          {LINKS.map((l) => (
            <Permission key={l.path} roles={l.role}>
              <li>
                <NavLink to={href(l.path)}>
                  <FormattedMessage id={l.label} />
                </NavLink>
              </li>
            </Permission>
          ))}
        </ul>
      </nav>
      <PageHeader title={title} actions={actions} />
      {children}
    </section>
  );
}

import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RemoteAppProps } from '@agora/platform';
import { adminUser, participantUser, renderWeb } from '../../scripts/jest/web';
import { App } from './App';
import { shellMessages } from './i18n';
import { RemoteLoaderContext, type RemoteLoader } from './remotes/RemoteArea';
import { areaForPath } from '@agora/contracts/areas';

const remote =
  (name: string): ComponentType<RemoteAppProps> =>
  () => <p data-testid="remote-app">{name}</p>;
const loader: RemoteLoader = async (name) => remote(name);

function renderApp(route: string, options: Parameters<typeof renderWeb>[1] = {}) {
  return renderWeb(
    <RemoteLoaderContext value={loader}>
      <App />
    </RemoteLoaderContext>,
    { messages: shellMessages, route, probe: true, ...options },
  );
}

describe('areaForPath (DESIGN §5 route owners)', () => {
  it.each([
    ['/admin/library', 'mf-library'],
    ['/admin/library/gallery', 'mf-library'],
    ['/admin/browse', 'mf-library'],
    ['/documentation/x', 'mf-library'],
    ['/library/view', 'mf-library'],
    ['/', 'mf-consultation'],
    ['/participate', 'mf-consultation'],
    ['/enroll/category/c1', 'mf-consultation'],
    ['/invitation/accept/abc', 'mf-consultation'],
    ['/admin/data', 'mf-consultation'],
    ['/admin/administration/project/list', 'mf-admin-structure'],
    ['/admin/administration/category/add', 'mf-admin-structure'],
    ['/admin/administration/profile', 'mf-admin-structure'],
    ['/admin/administration/members', 'mf-members'],
    ['/admin/administration/enroll/expert', 'mf-members'],
    ['/admin/administration/invitations', 'mf-members'],
    ['/admin/users/list', 'mf-members'],
    ['/admin/settings/templates/invitation', 'mf-members'],
  ])('%s belongs to %s', (path, folder) => {
    expect(areaForPath(path)?.folder).toBe(folder);
  });

  it.each(['/login', '/admin/dashboard', '/profile', '/nowhere', '/admin/browse/x'])(
    '%s belongs to no remote',
    (path) => {
      expect(areaForPath(path)).toBeUndefined();
    },
  );
});

describe('App', () => {
  it('redirects admin routes to /login when logged out', async () => {
    await renderApp('/admin/users', { user: null });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('redirects participants away from admin routes', async () => {
    await renderApp('/admin/dashboard', { user: participantUser });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it.each([
    ['editor', '/admin/users/list', 'Users'],
    ['editor', '/admin/users/add', 'Users'],
    ['editor', '/admin/settings/general', 'Settings'],
    ['reviewer', '/admin/library/gallery', 'Library'],
    ['reviewer', '/admin/administration/project/list', 'Projects'],
    ['editor', '/admin/library/export', 'Backups'],
  ] as const)(
    'shows the %s one "no permission" page at %s, not the page, and no %s entry',
    async (role, route, entry) => {
      await renderApp(route, { user: { ...adminUser, role }, locale: 'en' });
      expect(screen.getByTestId('error-403')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'No permission' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
        '/admin/dashboard',
      );
      expect(screen.queryByTestId('remote-app')).toBeNull();
      expect(screen.queryByTestId('settings-form')).toBeNull();
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).queryByRole('link', { name: entry })).toBeNull();
    },
  );

  it('mounts the remote that owns the route', async () => {
    await renderApp('/admin/administration/project/list', { user: adminUser });
    expect((await screen.findByTestId('remote-app')).textContent).toBe('mf_admin_structure');
  });

  it('shows the 404 page in English and in Greek', async () => {
    const { unmount } = await renderApp('/no/such/page', { user: null, locale: 'en' });
    expect(screen.getByRole('heading', { name: "Oops! You're lost." })).toBeTruthy();
    expect(screen.getByText('The page you are looking for was not found.')).toBeTruthy();
    unmount();
    await renderApp('/no/such/page', { user: null, locale: 'el' });
    expect(screen.getByRole('heading', { name: 'Ωχ! Χαθήκατε.' })).toBeTruthy();
    expect(screen.getByText('Η σελίδα που αναζητάτε δεν βρέθηκε.')).toBeTruthy();
  });

  it('shows the user and the role in the header, and admin links in the sidebar', async () => {
    await renderApp('/admin/dashboard', { user: adminUser, locale: 'en' });
    expect(screen.getByTestId('user-name').textContent).toBe('Μαρία Παπαδοπούλου');
    expect(screen.getByTestId('user-role').textContent).toBe('Administrator');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toContain('/admin/users/list');
    expect(links).toContain('/admin/settings/general');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('switches the interface to Greek from the language dropdown', async () => {
    await renderApp('/admin/dashboard', { user: adminUser, locale: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'el' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Πίνακας ελέγχου');
    expect(screen.getByTestId('user-role').textContent).toBe('Διαχειριστής');
    expect(screen.getByLabelText('Γλώσσα')).toBeTruthy();
    expect(document.documentElement.lang).toBe('el');
  });

  it('toggles the menu button state', async () => {
    await renderApp('/admin/dashboard', { user: adminUser, locale: 'en' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('sidebar').className).toContain('sh-sidebar-open');
  });
});

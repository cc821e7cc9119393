import { fireEvent, screen, within } from '@testing-library/react';
import type { Role } from '@agora/contracts';
import { BOTTOM_INSET_PROPERTY } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { CookieBanner } from './CookieBanner';
import { Layout } from './Layout';
import { COOKIES_ACCEPTED_KEY, SIDEBAR_MINIMIZED_KEY } from './storage';
import { initialsOf } from './UserMenu';

const SETTINGS = { multilingual: true, locales: ['el', 'en'] };

function renderLayout(role: Role | null, settings: object = SETTINGS, locale: 'el' | 'en' = 'en') {
  mockFetch({ 'GET /api/settings': { status: 200, body: settings } });
  return renderWeb(
    <Layout>
      <p>content</p>
    </Layout>,
    {
      route: '/admin/dashboard',
      user: role ? { ...adminUser, role } : null,
      locale,
      messages: shellMessages,
      probe: true,
    },
  );
}

beforeEach(() => localStorage.clear());

describe('header', () => {
  it.each<[Role, string[]]>([
    ['admin', ['/profile', '/admin/dashboard', '/admin/settings/general', '/admin/users/list']],
    ['editor', ['/profile', '/admin/dashboard', '/admin/library/gallery']],
    ['reviewer', ['/profile', '/admin/dashboard']],
    ['authorized', ['/profile', '/participate']],
    ['guest', ['/profile', '/participate']],
  ])('gives the %s a user dropdown with name, role, profile, role items and logout', async (role, links) => {
    await renderLayout(role);
    const toggle = screen.getByTestId('user-menu-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('user-name').textContent).toBe('Μαρία Παπαδοπούλου');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    expect(
      within(panel as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(links);
    expect(within(panel as HTMLElement).getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the role in Greek', async () => {
    await renderLayout('reviewer', SETTINGS, 'el');
    expect(screen.getByTestId('user-role').textContent).toBe('Αξιολογητής');
  });

  it('shows a login link to visitors', async () => {
    await renderLayout(null);
    expect(screen.getByTestId('login-link').getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it.each([
    ['multilingual with two locales', SETTINGS, true],
    ['not multilingual', { multilingual: false, locales: ['el', 'en'] }, false],
    ['one locale', { multilingual: true, locales: ['el'] }, false],
  ])('language dropdown when %s: %s', async (_label, settings, shown) => {
    await renderLayout('admin', settings);
    expect(screen.queryByTestId('language-select') !== null).toBe(shown);
  });

  it('logs out from the dropdown', async () => {
    mockFetch({ 'DELETE /api/login': { status: 200, body: {} } });
    await renderWeb(
      <Layout>
        <p>content</p>
      </Layout>,
      { route: '/admin/dashboard', user: adminUser, messages: shellMessages, probe: true },
    );
    fireEvent.click(screen.getByTestId('user-menu-toggle'));
    await click(screen.getByTestId('logout'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('login-link')).toBeTruthy();
  });
});

/** The library entry (to the gallery) and the library pages an editor may use. */
const LIBRARY_LINKS = [
  '/admin/library/gallery',
  '/admin/library/gallery',
  '/admin/library/upload',
  '/admin/library/documentation',
  '/admin/library/views',
];

describe('sidebar and aside', () => {
  it.each<[Role, string[]]>([
    [
      'admin',
      [
        '/admin/dashboard',
        ...LIBRARY_LINKS,
        '/admin/library/export',
        '/admin/browse',
        '/admin/data',
        '/admin/administration/project/list',
        '/admin/administration/members',
        '/admin/administration/enroll',
        '/admin/administration/profile',
        '/admin/administration/invitations',
        '/admin/users/list',
        '/admin/audit',
        '/admin/settings/general',
        '/admin/settings/general',
        '/admin/settings/frontpage',
        '/admin/settings/policy',
        '/admin/settings/templates',
      ],
    ],
    ['editor', ['/admin/dashboard', ...LIBRARY_LINKS, '/admin/data']],
    ['reviewer', ['/admin/dashboard', '/admin/data']],
    ['authorized', ['/', '/participate', '/enroll']],
    // the participant side works for a guest as for an authorized user: the same entries as the user menu offers
    ['guest', ['/', '/participate', '/enroll']],
  ])('offers the %s only the pages the role may use (the permission matrix)', async (role, links) => {
    await renderLayout(role);
    const sidebar = screen.getByTestId('sidebar');
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(links);
  });

  it('minimises the sidebar and remembers it', async () => {
    const { unmount } = await renderLayout('admin');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.className).not.toContain('sh-sidebar-mini');
    fireEvent.click(screen.getByTestId('sidebar-minimize'));
    expect(sidebar.className).toContain('sh-sidebar-mini');
    expect(localStorage.getItem(SIDEBAR_MINIMIZED_KEY)).toBe('1');
    // labels stay for screen readers
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    unmount();
    await renderLayout('admin');
    expect(screen.getByTestId('sidebar').className).toContain('sh-sidebar-mini');
  });

  it('opens and closes the mobile menu and the aside', async () => {
    await renderLayout('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByTestId('sidebar').className).toContain('sh-sidebar-open');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByTestId('sidebar').className).not.toContain('sh-sidebar-open');
    expect(screen.getByTestId('aside').hidden).toBe(true);
    fireEvent.click(screen.getByTestId('aside-toggle'));
    expect(screen.getByTestId('aside').hidden).toBe(false);
    fireEvent.click(screen.getByTestId('aside-close'));
    expect(screen.getByTestId('aside').hidden).toBe(true);
  });
});

describe('cookie banner', () => {
  it('links to the policy and remembers the dismissal', async () => {
    const { unmount } = await renderWeb(<CookieBanner />, { messages: shellMessages, locale: 'el' });
    const banner = screen.getByTestId('cookie-banner');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/policy');
    fireEvent.click(screen.getByTestId('cookie-accept'));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(localStorage.getItem(COOKIES_ACCEPTED_KEY)).toBe('1');
    unmount();
    await renderWeb(<CookieBanner />, { messages: shellMessages });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('makes the page keep room for it while it is shown, and gives the room back when dismissed', async () => {
    const height = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(48);
    try {
      await renderWeb(<CookieBanner />, { messages: shellMessages, locale: 'el' });
      const root = document.documentElement;
      expect(root.style.getPropertyValue(BOTTOM_INSET_PROPERTY)).toBe('48px');
      fireEvent.click(screen.getByTestId('cookie-accept'));
      expect(root.style.getPropertyValue(BOTTOM_INSET_PROPERTY)).toBe('');
    } finally {
      height.mockRestore();
    }
  });

  it('has a short text for phones, in the page language', async () => {
    await renderWeb(<CookieBanner />, { messages: shellMessages, locale: 'el' });
    const banner = screen.getByTestId('cookie-banner');
    expect(banner.querySelector('.sh-cookies-short')?.textContent).toBe('Μόνο τα απαραίτητα cookies.');
    expect(banner.querySelector('.sh-cookies-long')?.textContent).toMatch(/^Χρησιμοποιούμε/);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the names, else of the username', () => {
    expect(initialsOf({ firstname: 'ελένη', lastname: 'Γεωργίου', username: 'eleni' })).toBe('ΕΓ');
    expect(initialsOf({ firstname: ' ', lastname: '', username: 'maria' })).toBe('M');
  });
});

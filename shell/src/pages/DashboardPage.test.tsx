import { screen } from '@testing-library/react';
import { adminUser, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { DashboardPage } from './DashboardPage';

const STATS = {
  total: 7,
  status: { active: 6, inactive: 1 },
  role: { admin: 1, editor: 1, reviewer: 1, authorized: 3, guest: 1 },
};

describe('DashboardPage', () => {
  it('shows the admin a stats card and links to the areas', async () => {
    mockFetch({ 'GET /api/users/admin/stats': { status: 200, body: STATS } });
    await renderWeb(<DashboardPage />, { user: adminUser, messages: shellMessages, locale: 'en' });
    const card = await screen.findByTestId('stats-card');
    expect(card.textContent).toContain('All users7');
    expect(card.textContent).toContain('Inactive1');
    expect(card.textContent).toContain('Authorized user3');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/admin/settings/general',
    );
  });

  it('hides the card when the call fails, and from non-admins', async () => {
    const calls = mockFetch({
      'GET /api/users/admin/stats': { status: 403, body: { Error: 'action denied' } },
    });
    const { unmount } = await renderWeb(<DashboardPage />, { user: adminUser, messages: shellMessages });
    expect(screen.queryByTestId('stats-card')).toBeNull();
    expect(screen.getByTestId('dashboard-page')).toBeTruthy();
    unmount();
    calls.length = 0;
    await renderWeb(<DashboardPage />, {
      user: { ...adminUser, role: 'reviewer' },
      messages: shellMessages,
    });
    expect(calls).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it.each([
    ['admin', ['Library', 'Data', 'Projects', 'Users', 'Settings']],
    ['editor', ['Library', 'Data']],
    ['reviewer', ['Data']],
  ] as const)('links the %s only to the areas the role may open', async (role, areas) => {
    mockFetch({ 'GET /api/users/admin/stats': { status: 200, body: STATS } });
    await renderWeb(<DashboardPage />, {
      user: { ...adminUser, role },
      messages: shellMessages,
      locale: 'en',
    });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(areas);
  });
});

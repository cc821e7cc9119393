import { fireEvent, screen, within } from '@testing-library/react';
import { adminUser, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { DashboardPage } from './DashboardPage';

const STATS = {
  total: 7,
  status: { active: 6, inactive: 1 },
  role: { admin: 1, editor: 1, reviewer: 1, authorized: 3, guest: 1 },
};

const PLATFORM = {
  categories: 2,
  projects: { total: 5, active: 2, public: 1, hidden: 2 },
  answers: { total: 1234, week: 12, month: 345 },
  users: STATS,
};

const P1 = '00000000-0000-4000-8000-0000000000a1';
const P2 = '00000000-0000-4000-8000-0000000000a2';
const P3 = '00000000-0000-4000-8000-0000000000a3';
const CAT = '00000000-0000-4000-8000-0000000000c1';
const answersOf = (days: string[], counts: Record<string, number[]>) => ({
  days,
  projects: [
    { project: P1, title: 'Seafront', category: CAT, counts: counts.seafront },
    { project: P2, title: 'Parks', category: CAT, counts: counts.parks },
    { project: P3, title: 'Quiet', category: null, counts: days.map(() => 0) },
  ],
});
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26'];
const ANSWERS = answersOf(DAYS, { seafront: [4, 0, 7], parks: [1, 2, 0] });

describe('DashboardPage', () => {
  it('shows the admin the platform numbers and the answers per day per project, as a chart and a table', async () => {
    const calls = mockFetch({
      'GET /api/users/admin/stats': { status: 200, body: STATS },
      'GET /api/stats': { status: 200, body: PLATFORM },
      'GET /api/stats/answers/days/90': { status: 200, body: ANSWERS },
      'GET /api/stats/answers/days/30': {
        status: 200,
        body: answersOf(DAYS, { seafront: [0, 0, 0], parks: [0, 0, 0] }),
      },
    });
    await renderWeb(<DashboardPage />, { user: adminUser, messages: shellMessages, locale: 'en' });
    const platform = await screen.findByTestId('platform-card');
    expect(platform.textContent).toContain('Categories2');
    expect(platform.textContent).toContain('Open for answers today2');
    expect(platform.textContent).toContain('Neither public nor open2');
    expect(platform.textContent).toContain('Answers1,234');
    // both periods are calendar ones, and say so: on the 1st the week (from Monday) may count more than the month
    expect(platform.textContent).toContain('Answers this calendar week (since Monday)12');
    expect(platform.textContent).toContain('Answers this calendar month (since the 1st)345');
    expect(platform.textContent).toContain('Users7');

    const chart = await screen.findByRole('img', {
      name: 'Answers per day and project, 24/11/2026 to 26/11/2026',
    });
    // a line per project with answers in the period, none for the project without
    expect(chart.querySelectorAll('polyline')).toHaveLength(2);
    const legend = chart.closest('figure')!.querySelector('figcaption')!;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Seafront (11 answers)', 'Parks (3 answers)']);
    const table = screen.getByTestId('answers-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Seafront', 'Parks']);
    // newest day first, each project's count of that day
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['7', '0'],
      ['0', '2'],
      ['4', '1'],
    ]);
    expect(within(table).getAllByRole('rowheader')[0]!.textContent).toBe('26/11/2026');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    expect(await screen.findByText('No answers in this period.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Answers per day/ })).toBeNull();
    expect(calls.map((c) => c.url)).toContain('/api/stats/answers/days/30');
  });

  it('says so when the user numbers are missing (accounts could not answer), and shows the rest', async () => {
    mockFetch({
      'GET /api/stats': { status: 200, body: { ...PLATFORM, users: null } },
      'GET /api/stats/answers/days/90': { status: 200, body: ANSWERS },
    });
    await renderWeb(<DashboardPage />, { user: adminUser, messages: shellMessages, locale: 'el' });
    const platform = await screen.findByTestId('platform-card');
    expect(platform.textContent).toContain('Κατηγορίες2');
    expect(platform.textContent).toContain(
      'Απαντήσεις της τρέχουσας ημερολογιακής εβδομάδας (από τη Δευτέρα)',
    );
    expect(platform.textContent).not.toContain('Χρήστες');
    expect(platform.textContent).toContain('Τα στοιχεία των χρηστών δεν μπορούν να εμφανιστούν');
    expect(await screen.findByText('Εμφάνιση των αριθμών σε πίνακα')).toBeTruthy();
  });

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

  it('hides the cards when the calls fail, and from non-admins', async () => {
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
    expect(screen.queryByTestId('platform-card')).toBeNull();
    expect(screen.queryByTestId('answers-over-time')).toBeNull();
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

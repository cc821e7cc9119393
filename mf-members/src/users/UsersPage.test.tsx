import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Paged } from '@agora/contracts';
import { adminUser, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import type { UserRow } from './types';

const user = (n: number, active: boolean): UserRow => ({
  uuid: `u${n}`,
  username: `user${n}`,
  firstname: `First${n}`,
  lastname: `Last${n}`,
  email: `u${n}@example.org`,
  role: n === 1 ? 'editor' : 'authorized',
  active,
  created: '2026-02-03T09:00:00Z',
  last_login: null,
  phone: n === 1 ? '2101234567' : null,
  address: n === 1 ? 'Ερμού+12Α+Αθήνα+105 63' : null,
  location: null,
  locale: 'el',
  results_mail: false,
});
const page = (values: UserRow[]): Paged<UserRow> => ({ values, page: 1, total_pages: 1 });
const USERS_URL = '/api/users/page/1/sort/lastname/sort_method/asc';

describe('mf-members users', () => {
  it.each(['/admin/users', '/admin/users/list'])(
    'lists the users on %s, sorted by last name',
    async (route) => {
      const calls = mockFetch({
        [`GET ${USERS_URL}`]: { status: 200, body: page([user(1, true), user(2, false)]) },
      });
      await renderWeb(<App basePath="" />, { route, user: adminUser });
      const rows = await screen.findAllByTestId('user-row');
      expect(rows).toHaveLength(2);
      // sortable headings carry a sort mark; the list is sorted by last name, ascending
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        'Username ↕',
        'First name ↕',
        'Last name ▲',
        'Email ↕',
        'Role ↕',
        'Created ↕',
        'Active ↕',
        'Address',
        'Phone',
        'Actions',
      ]);
      const cells = within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells).toEqual([
        'user1',
        'First1',
        'Last1',
        'u1@example.org',
        'Editor',
        '03/02/2026',
        'Yes',
        'Ερμού 12Α, 105 63 Αθήνα',
        '2101234567',
        'ViewEditDeactivateDelete',
      ]);
      expect(within(rows[1] as HTMLElement).getAllByRole('cell')[6]?.textContent).toBe('No');
      expect(calls.map((c) => c.url)).toEqual([USERS_URL]);
      expect(screen.getByTestId('mf-members-page').getAttribute('data-remote-version')).toBe('test');
    },
  );

  it('shows the empty message in both languages', async () => {
    mockFetch({ [`GET ${USERS_URL}`]: { status: 200, body: page([]) } });
    const { unmount } = await renderWeb(<App basePath="" />, { route: '/admin/users', user: adminUser });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('There are no users.');
    unmount();
    await renderWeb(<App basePath="" />, { route: '/admin/users', user: adminUser, locale: 'el' });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('Δεν υπάρχουν χρήστες.');
  });

  it('shows the one no-permission page on a 403, not an error box with the server text', async () => {
    mockFetch({
      [`GET ${USERS_URL}`]: { status: 403, body: { Error: 'action denied', code: 'AUTH.FORBIDDEN' } },
    });
    await renderWeb(<App basePath="" />, { route: '/admin/users', user: adminUser, locale: 'el' });
    expect((await screen.findByTestId('error-403')).textContent).toContain('Δεν έχετε δικαίωμα πρόσβασης');
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(screen.queryByText(/action denied/)).toBeNull();
  });

  it.each([
    ['/admin/users/list/role/editor', '/fq/role:editor'],
    ['/admin/users/list/status/inactive', '/fq/active:false'],
    ['/admin/users/list/role/admin/status/active', '/fq/role:admin;active:true'],
    ['/admin/users/list/role/nobody', ''],
  ])('filters by the route %s', async (route, fq) => {
    const url = `${USERS_URL}${fq}`;
    const calls = mockFetch({ [`GET ${url}`]: { status: 200, body: page([user(1, true)]) } });
    await renderWeb(<App basePath="" />, { route, user: adminUser });
    expect(await screen.findAllByTestId('user-row')).toHaveLength(1);
    expect(calls.map((c) => c.url)).toEqual([url]);
  });

  it('filters by role from the toolbox, in Greek', async () => {
    const calls = mockFetch({
      [`GET ${USERS_URL}`]: { status: 200, body: page([user(1, true), user(2, true)]) },
      [`GET ${USERS_URL}/fq/role:reviewer`]: { status: 200, body: page([]) },
    });
    await renderWeb(<App basePath="" />, { route: '/admin/users', user: adminUser, locale: 'el' });
    await screen.findAllByTestId('user-row');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Ρόλος'), { target: { value: 'reviewer' } });
    });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('Δεν υπάρχουν χρήστες.');
    expect(calls.map((c) => c.url)).toEqual([USERS_URL, `${USERS_URL}/fq/role:reviewer`]);
  });

  it('shows its 404 for other routes', async () => {
    await renderWeb(<App basePath="" />, { route: '/admin/users/nothing', user: adminUser });
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Paged } from '@agora/contracts';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { category, TOKEN } from './fixtures.testutil';
import type { CandidateRow } from './types';

const active = category(true);
const user = (n: number, role: CandidateRow['role'] = 'authorized'): CandidateRow => ({
  uuid: `u${n}`,
  username: `user${n}`,
  firstname: `First${n}`,
  lastname: `Last${n}`,
  email: `u${n}@example.org`,
  role,
});
const page = (values: CandidateRow[], n = 1, total_pages = 1): Paged<CandidateRow> => ({
  values,
  page: n,
  total_pages,
});
const LIST = `/api/enrolment/category/${TOKEN}/page/1/sort/lastname/sort_method/asc`;
const PAGE2 = LIST.replace('/page/1/', '/page/2/');

async function render(
  routes: FakeRoutes,
  route = '/admin/administration/enroll',
  locale: 'el' | 'en' = 'en',
) {
  const calls = mockFetch({
    'GET /api/category': { status: 200, body: [active] },
    [`GET ${LIST}`]: { status: 200, body: page([user(1), user(2, 'editor'), user(3)], 1, 2) },
    [`GET ${PAGE2}`]: { status: 200, body: page([user(4)], 2, 2) },
    ...routes,
  });
  const result = await renderWeb(<App basePath="" />, { route, user: adminUser, locale });
  return { ...result, calls };
}

const gets = (calls: Array<{ method: string; url: string }>) => [
  ...new Set(calls.filter((c) => c.method === 'GET' && c.url !== '/api/category').map((c) => c.url)),
];

function checkboxOf(username: string): HTMLInputElement {
  const row = screen.getAllByTestId('candidate-row').find((r) => within(r).queryByText(username));
  if (!row) throw new Error(`no row for ${username}`);
  return within(row).getByTestId('enroll-select') as HTMLInputElement;
}

describe('mf-members: enrol users in the active category', () => {
  it('lists the users not enrolled, with their site role', async () => {
    const { calls } = await render({});
    const rows = await screen.findAllByTestId('candidate-row');
    expect(rows).toHaveLength(3);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Username ↕',
      'First name ↕',
      'Last name ▲',
      'Email ↕',
      'Role ↕',
    ]);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[5]?.textContent).toBe('Editor');
    expect(gets(calls)).toEqual([LIST]);
    expect((screen.getByTestId('enroll-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['/admin/administration/enroll/editor', '/fq/core.users.role:editor'],
    ['/admin/administration/enroll/nobody', ''],
  ])('filters by the route %s', async (route, fq) => {
    const url = `${LIST}${fq}`;
    const { calls } = await render(
      { [`GET ${url}`]: { status: 200, body: page([user(2, 'editor')]) } },
      route,
    );
    expect(await screen.findAllByTestId('candidate-row')).toHaveLength(1);
    expect(gets(calls)).toEqual([url]);
  });

  it('searches and filters by site role from the toolbox', async () => {
    const searched = `${LIST}/query/Last2`;
    const editors = `${searched}/fq/core.users.role:editor`;
    const { calls } = await render({
      [`GET ${searched}`]: { status: 200, body: page([user(2, 'editor')]) },
      [`GET ${editors}`]: { status: 200, body: page([user(2, 'editor')]) },
    });
    await screen.findAllByTestId('candidate-row');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Last2' } });
    });
    await waitFor(() => expect(screen.getAllByTestId('candidate-row')).toHaveLength(1));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
    });
    await waitFor(() => expect(gets(calls)).toContain(editors));
    expect(gets(calls)).toEqual([LIST, searched, editors]);
  });

  it('selects all on a page and one on another, enrols them as experts, notifies and refreshes', async () => {
    let enrolled = false;
    const { calls, store } = await render({
      [`GET ${LIST}`]: () => ({
        status: 200,
        body: enrolled ? page([user(3)]) : page([user(1), user(2, 'editor'), user(3)], 1, 2),
      }),
      [`GET ${PAGE2}`]: () => ({ status: 200, body: enrolled ? page([], 2, 1) : page([user(4)], 2, 2) }),
      'POST /api/enrolment': () => {
        enrolled = true;
        return { status: 200, body: { enrolled: 3 } };
      },
    });
    await screen.findAllByTestId('candidate-row');
    await click(screen.getByTestId('enroll-select-page'));
    expect(['user1', 'user2', 'user3'].map((u) => checkboxOf(u).checked)).toEqual([true, true, true]);
    await click(checkboxOf('user3'));
    expect((screen.getByTestId('enroll-select-page') as HTMLInputElement).checked).toBe(false);
    // the selection stays while paging
    await click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.queryByText('user4')).not.toBeNull());
    await click(checkboxOf('user4'));
    expect(screen.getByTestId('enroll-submit').textContent).toBe('Enrol selected (3)');
    await act(async () => {
      fireEvent.change(screen.getByTestId('enroll-role'), { target: { value: 'expert' } });
    });
    await click(screen.getByTestId('enroll-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'success',
        body: '3 users enrolled.',
      }),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { category: TOKEN, uuids: ['u1', 'u2', 'u4'], role: 'expert' },
    ]);
    expect(screen.getByTestId('enroll-submit').textContent).toBe('Enrol selected (0)');
    expect((screen.getByTestId('enroll-submit') as HTMLButtonElement).disabled).toBe(true);
    // the list is asked again: the enrolled users have left it
    expect((await screen.findByTestId('empty-state')).textContent).toBe('There are no users to enrol.');
  });

  it('tells a refused enrolment with the translated code, in Greek', async () => {
    const { store } = await render(
      {
        'POST /api/enrolment': {
          status: 404,
          body: { Error: 'user not found', code: 'ACCOUNTS.USER_NOT_FOUND' },
        },
      },
      '/admin/administration/enroll',
      'el',
    );
    await screen.findAllByTestId('candidate-row');
    await click(checkboxOf('user1'));
    expect(screen.getByTestId('enroll-submit').textContent).toBe('Εγγραφή επιλεγμένων (1)');
    await click(screen.getByTestId('enroll-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'danger',
        body: 'platform.error.ACCOUNTS.USER_NOT_FOUND',
      }),
    );
    // the selection stays, to try again
    expect(checkboxOf('user1').checked).toBe(true);
  });
});

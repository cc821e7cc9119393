import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Paged } from '@agora/contracts';
import { ConfirmHost, notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { category, TOKEN } from './fixtures.testutil';
import type { MemberRow } from './types';

const member = (n: number, enrol_role: 'expert' | 'normal', weight: number | null): MemberRow => ({
  uuid: `u${n}`,
  username: `user${n}`,
  firstname: `First${n}`,
  lastname: `Last${n}`,
  email: `u${n}@example.org`,
  enrol_role,
  weight,
});
const page = (values: MemberRow[], total_pages = 1): Paged<MemberRow> => ({ values, page: 1, total_pages });
const LIST = `/api/enrolment/category/${TOKEN}/enrolled/true/page/1/sort/lastname/sort_method/asc`;
const MEMBERS = [member(1, 'expert', 1.5), member(2, 'normal', null)];

async function render(
  routes: FakeRoutes,
  route = '/admin/administration/members',
  locale: 'el' | 'en' = 'en',
) {
  const calls = mockFetch({
    'GET /api/category': { status: 200, body: [category(false), { ...category(true), token: TOKEN }] },
    [`GET ${LIST}`]: { status: 200, body: page(MEMBERS) },
    ...routes,
  });
  const result = await renderWeb(
    <>
      <App basePath="" />
      <ConfirmHost />
    </>,
    { route, user: adminUser, locale },
  );
  return { ...result, calls };
}

const gets = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((c) => c.method === 'GET' && c.url !== '/api/category').map((c) => c.url);

function rowOf(username: string): HTMLElement {
  const row = screen.getAllByTestId('member-row').find((r) => within(r).queryByText(username));
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

describe('mf-members: members of the active category', () => {
  it('lists the members of the active category by last name, with role and weight', async () => {
    const { calls } = await render({});
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('members-category').textContent).toBe('Category: Η πόλη μας');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Username ↕',
      'First name ↕',
      'Last name ▲',
      'Email ↕',
      'Enrolment role',
      'Weight ↕',
      'Actions',
    ]);
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['user1', 'First1', 'Last1', 'u1@example.org']);
    expect((within(rows[0] as HTMLElement).getByTestId('member-role') as HTMLSelectElement).value).toBe(
      'expert',
    );
    expect(cells[5]).toBe('1.5');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[5]?.textContent).toBe('–');
    expect(gets(calls)).toEqual([LIST]);
  });

  it("shows 'please check or create a category' without an active category, in both languages", async () => {
    const none = { 'GET /api/category': { status: 200, body: [category(false)] } };
    const { calls, unmount } = await render(none);
    expect((await screen.findByTestId('no-active-category')).textContent).toContain(
      'Please check or create a category.',
    );
    expect(gets(calls)).toEqual([]);
    unmount();
    await render(none, '/admin/administration/enroll', 'el');
    expect((await screen.findByTestId('no-active-category')).textContent).toContain(
      'Παρακαλώ επιλέξτε ή δημιουργήστε μια κατηγορία.',
    );
    expect(screen.getByTestId('no-active-category-add').getAttribute('href')).toBe(
      '/admin/administration/category/add',
    );
  });

  it.each([
    ['/admin/administration/members/expert', '/fq/app.enrolment.role:expert'],
    ['/admin/administration/members/boss', ''],
  ])('filters by the route %s', async (route, fq) => {
    const url = `${LIST}${fq}`;
    const { calls } = await render({ [`GET ${url}`]: { status: 200, body: page([MEMBERS[0]!]) } }, route);
    expect(await screen.findAllByTestId('member-row')).toHaveLength(1);
    expect(gets(calls)).toEqual([url]);
  });

  it('sorts by weight, searches after typing, filters by role and resets', async () => {
    const byWeight = LIST.replace('sort/lastname/sort_method/asc', 'sort/weight/sort_method/asc');
    const searched = `${LIST}/query/Last1`;
    const experts = `${searched}/fq/app.enrolment.role:expert`;
    const { calls } = await render({
      [`GET ${byWeight}`]: { status: 200, body: page([MEMBERS[1]!, MEMBERS[0]!]) },
      [`GET ${searched}`]: { status: 200, body: page([MEMBERS[0]!]) },
      [`GET ${experts}`]: { status: 200, body: page([MEMBERS[0]!]) },
    });
    await screen.findAllByTestId('member-row');
    await click(screen.getByRole('button', { name: /Weight/ }));
    await waitFor(() => expect(screen.getAllByTestId('member-row')[0]?.textContent).toContain('user2'));
    // back to the last-name sort, then a search: asked once, after the typing stops
    await click(screen.getByRole('button', { name: /Last name/ }));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Last' } });
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Last1' } });
    });
    await waitFor(() => expect(gets(calls)).toContain(searched));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Enrolment role'), { target: { value: 'expert' } });
    });
    await waitFor(() => expect(gets(calls)).toContain(experts));
    await click(screen.getByTestId('grid-reset'));
    await waitFor(() => expect(gets(calls).at(-1)).toBe(LIST));
    expect(gets(calls).filter((u) => u.includes('/query/'))).toEqual([searched, experts]);
    expect(gets(calls)).not.toContain(
      `${LIST.replace('lastname/sort_method/asc', 'lastname/sort_method/desc')}`,
    );
    expect(gets(calls)[1]).toBe(byWeight);
  });

  it('exports participants.csv with /limit/10000', async () => {
    const { calls } = await render({
      [`GET ${LIST}/limit/10000`]: { status: 200, body: page(MEMBERS) },
    });
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    });
    URL.revokeObjectURL = jest.fn();
    const anchor = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await screen.findAllByTestId('member-row');
    await click(screen.getByTestId('grid-csv'));
    expect(gets(calls)).toContain(`${LIST}/limit/10000`);
    expect(names).toEqual(['participants.csv']);
    // readAsText drops the byte order mark (the platform's own test checks it)
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text).toBe(
      'username,firstname,lastname,email,enrol_role,weight\r\n' +
        'user1,First1,Last1,u1@example.org,expert,1.5\r\nuser2,First2,Last2,u2@example.org,normal,\r\n',
    );
    anchor.mockRestore();
  });

  it('shows a member in the view modal', async () => {
    await render({});
    await screen.findAllByTestId('member-row');
    await click(within(rowOf('user2')).getByRole('button', { name: 'View' }));
    const dialog = screen.getByTestId('member-details');
    expect(within(dialog).getByTestId('member-detail-enrol_role').textContent).toBe(
      'Enrolment roleParticipant',
    );
    expect(within(dialog).getByTestId('member-detail-weight').textContent).toBe(
      'WeightHas not answered the consultation profile',
    );
    await click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('member-details')).toBeNull();
  });

  it('changes the enrolment role inline and notifies', async () => {
    const { calls, store } = await render({
      [`PUT /api/enrolment/category/${TOKEN}/userid/u2`]: {
        status: 200,
        body: { category: TOKEN, uuid: 'u2', role: 'expert' },
      },
    });
    await screen.findAllByTestId('member-row');
    await act(async () => {
      fireEvent.change(within(rowOf('user2')).getByLabelText('Enrolment role of user2'), {
        target: { value: 'expert' },
      });
    });
    await waitFor(() => expect(store.get(notificationsAtom).at(-1)?.body).toBe('successful update'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      [`/api/enrolment/category/${TOKEN}/userid/u2`, { role: 'expert' }],
    ]);
    await waitFor(() => expect(gets(calls).filter((u) => u === LIST)).toHaveLength(2));
  });

  it('unenrols after the confirm dialog, and not when it is refused', async () => {
    const { calls, store } = await render({
      [`DELETE /api/enrolment/category/${TOKEN}/userid/u1`]: {
        status: 200,
        body: { message: 'data deleted' },
      },
    });
    await screen.findAllByTestId('member-row');
    await click(within(rowOf('user1')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Do you wish to continue?');
    await click(within(dialog).getByRole('button', { name: 'No' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await click(within(rowOf('user1')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog');
    await click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(store.get(notificationsAtom).at(-1)?.body).toBe('data deleted'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/enrolment/category/${TOKEN}/userid/u1`,
    ]);
  });

  it('tells a refused change with the translated code', async () => {
    const { store } = await render({
      [`DELETE /api/enrolment/category/${TOKEN}/userid/u1`]: {
        status: 404,
        body: { Error: 'no such enrolment', code: 'ACCOUNTS.ENROLMENT_NOT_FOUND' },
      },
    });
    await screen.findAllByTestId('member-row');
    await click(within(rowOf('user1')).getByRole('button', { name: 'Delete' }));
    await click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'danger',
        body: 'platform.error.ACCOUNTS.ENROLMENT_NOT_FOUND',
      }),
    );
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost, notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { messages } from '../i18n';
import { category, layoutRows, project, TOKEN_C1, TOKEN_P1, TOKEN_P2 } from './testdata';

const LIST = '/admin/administration/project/list';
const ofCategory = `GET /api/project/category/${TOKEN_C1}`;

describe('mf-admin-structure project list', () => {
  it("lists the active category's projects with edit, plan and delete buttons", async () => {
    const calls = mockFetch({
      'GET /api/category': { status: 200, body: [category(1), category(2)] },
      [ofCategory]: { status: 200, body: [project(1), project(2)] },
    });
    await renderWeb(<App basePath="" />, { route: LIST, user: adminUser, messages });
    const rows = await screen.findAllByTestId('project-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Project 1', 'proj1', '01/03/2026', '31/12/2026', 'Yes']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Title',
      'Short name',
      'Start',
      'End',
      'Active',
      'Actions',
    ]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('project-edit').getAttribute('href')).toBe(
      '/admin/administration/project/proj1/edit',
    );
    expect(first.getByTestId('project-plan').getAttribute('href')).toBe(
      '/admin/administration/project/proj1/plan',
    );
    expect(screen.getByTestId('projects-category').textContent).toBe('Category: Category 1');
    expect(calls.map((c) => c.url)).toContain(`/api/project/category/${TOKEN_C1}`);
  });

  it('asks to check or create a category when none is active, in Greek too', async () => {
    const calls = mockFetch({ 'GET /api/category': { status: 200, body: [category(1, { active: false })] } });
    await renderWeb(<App basePath="/site" />, {
      route: `/site${LIST}`,
      user: adminUser,
      messages,
      locale: 'el',
    });
    const prompt = await screen.findByTestId('no-active-category');
    expect(prompt.textContent).toContain('Παρακαλώ επιλέξτε ή δημιουργήστε μια κατηγορία.');
    expect(within(prompt).getByRole('link').getAttribute('href')).toBe(
      '/site/admin/administration/category/add',
    );
    expect(calls.some((c) => c.url.startsWith('/api/project'))).toBe(false);
  });

  it('shows the error page when the categories cannot be read', async () => {
    mockFetch({ 'GET /api/category': { status: 500, body: { Error: 'database down' } } });
    await renderWeb(<App basePath="" />, { route: LIST, user: adminUser, messages });
    const error = await screen.findByTestId('error-state');
    expect(error.getAttribute('data-status')).toBe('500');
    expect(screen.queryByTestId('no-active-category')).toBeNull();
  });

  it("deletes a project after the 'drop confirm' dialog and says 'data deleted'", async () => {
    let remaining = [project(1), project(2)];
    const calls = mockFetch({
      'GET /api/category': { status: 200, body: [category(1)] },
      [ofCategory]: () => ({ status: 200, body: remaining }),
      [`DELETE /api/project/token/${TOKEN_P1}`]: () => {
        remaining = [project(2)];
        return { status: 200, body: { message: 'data deleted' } };
      },
    });
    document.cookie = 'token=t1';
    const { store } = await renderWeb(
      <>
        <App basePath="" />
        <ConfirmHost />
      </>,
      { route: LIST, user: adminUser, messages },
    );
    const rows = await screen.findAllByTestId('project-row');
    await click(within(rows[0] as HTMLElement).getByTestId('project-drop'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Delete this entry?');
    await click(within(dialog).getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getAllByTestId('project-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/project/token/${TOKEN_P1}`,
    ]);
    expect(store.get(notificationsAtom).map((n) => [n.type, n.body])).toEqual([['success', 'data deleted']]);
  });

  it('sends the new sort order map after a drop in edit mode', async () => {
    const restore = layoutRows();
    try {
      const calls = mockFetch({
        'GET /api/category': { status: 200, body: [category(1)] },
        [ofCategory]: { status: 200, body: [project(1), project(2)] },
        'PUT /api/project/sortOrder': { status: 200, body: { message: 'successful update' } },
      });
      document.cookie = 'token=t1';
      const { store } = await renderWeb(<App basePath="" />, { route: LIST, user: adminUser, messages });
      await screen.findAllByTestId('project-row');
      expect(screen.queryByTestId('project-handle')).toBeNull();
      await click(screen.getByTestId('projects-reorder'));
      const handle = screen.getAllByTestId('project-handle')[0] as HTMLElement;
      handle.focus();
      await act(async () => {
        fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      });
      await act(async () => {
        fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
      });
      await act(async () => {
        fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      });
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url).toBe('/api/project/sortOrder');
      expect(put?.body).toEqual({ [TOKEN_P2]: 1, [TOKEN_P1]: 2 });
      await waitFor(() =>
        expect(screen.getAllByTestId('project-row').map((r) => r.getAttribute('data-token'))).toEqual([
          TOKEN_P2,
          TOKEN_P1,
        ]),
      );
      expect(store.get(notificationsAtom).map((n) => n.body)).toEqual(['successful update']);
    } finally {
      restore();
    }
  });

  it('shows its 404 for other routes', async () => {
    mockFetch({});
    await renderWeb(<App basePath="" />, { route: '/admin/administration/zzz', user: adminUser });
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});

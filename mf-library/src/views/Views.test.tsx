import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsAtom, platformMessages } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { item, paged } from '../test/fixtures';
import { onlyCsrfToken, renderLibrary } from '../test/render';
import type { LibraryViewAnswer } from '@agora/contracts/api';

const view: LibraryViewAnswer = {
  uuid: 'v-1',
  uri: 'harbour',
  title: 'Harbour',
  description: 'Old port',
  items: ['l-1'],
  created: '2026-01-01T00:00:00Z',
  owner: null,
  can_edit: true,
  can_delete: true,
};

function render(route: string, locale: 'el' | 'en' = 'en') {
  return renderLibrary(route, { locale, probe: true });
}

beforeEach(onlyCsrfToken);

describe('library views', () => {
  it('lists views with edit links and an add button', async () => {
    mockFetch({ 'GET /api/libraryView/page/1': { status: 200, body: paged([view]) } });
    await render('/admin/library/views');
    const row = await screen.findByTestId('view-row');
    expect(row.textContent).toContain('harbour');
    expect(screen.getByTestId('view-edit').getAttribute('href')).toBe('/admin/library/views/edit/item/v-1');
    expect(screen.getByTestId('view-add').getAttribute('href')).toBe('/admin/library/views/edit');
  });

  it('offers edit and delete only where the answer says can_edit and can_delete, and its editor refuses a view the user may not edit', async () => {
    mockFetch({
      'GET /api/libraryView/page/1': {
        status: 200,
        body: paged([
          { ...view, owner: 'u-ed', can_delete: false },
          { ...view, uuid: 'v-2', uri: 'port', owner: 'u-other', can_edit: false, can_delete: false },
        ]),
      },
      'GET /api/libraryView/uuid/v-2': {
        status: 200,
        body: { ...view, uuid: 'v-2', owner: 'u-other', can_edit: false, can_delete: false },
      },
    });
    await renderWeb(<App basePath="" />, {
      route: '/admin/library/views',
      user: { ...adminUser, uuid: 'u-ed', role: 'editor' },
    });
    const [own, other] = (await screen.findAllByTestId('view-row')) as HTMLElement[];
    expect(within(own!).queryByTestId('view-edit')).not.toBeNull();
    expect(within(own!).queryByTestId('view-delete')).toBeNull();
    expect(within(other!).queryByTestId('view-edit')).toBeNull();
    expect(within(other!).queryByTestId('view-delete')).toBeNull();
  });

  it('shows why instead of the form when the answer says the view may not be edited (Greek)', async () => {
    mockFetch({
      'GET /api/libraryView/uuid/v-2': {
        status: 200,
        body: { ...view, uuid: 'v-2', owner: 'u-other', can_edit: false, can_delete: false },
      },
    });
    await render('/admin/library/views/edit/item/v-2', 'el');
    const why = await screen.findByTestId('not-editable');
    expect(why.textContent).toBe(platformMessages.el['platform.error.LIBRARY.NOT_OWNER']);
    expect(screen.queryByTestId('view-form')).toBeNull();
  });

  it('deletes a view after confirmation', async () => {
    let deleted = false;
    const calls = mockFetch({
      'GET /api/libraryView/page/1': () => ({ status: 200, body: paged(deleted ? [] : [view]) }),
      'DELETE /api/libraryView/uuid/v-1': () => {
        deleted = true;
        return { status: 200, body: { message: 'data deleted' } };
      },
    });
    await render('/admin/library/views');
    await click(within(await screen.findByTestId('view-row')).getByText('Delete'));
    await click(await screen.findByTestId('confirm-yes'));
    await screen.findByTestId('empty-state');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/libraryView/uuid/v-1',
    ]);
  });

  it('creates a view with items picked in the select modal (POST JSON), then goes to its edit route', async () => {
    const calls = mockFetch({
      'GET /api/library/page/1': { status: 200, body: paged([item(1), item(2)]) },
      'GET /api/library/uuid/l-2;l-1': { status: 200, body: [item(2), item(1)] },
      'POST /api/libraryView': { status: 200, body: { ...view, uuid: 'v-9', items: ['l-2', 'l-1'] } },
      'GET /api/libraryView/uuid/v-9': { status: 200, body: { ...view, uuid: 'v-9', items: ['l-2', 'l-1'] } },
    });
    const { store } = await render('/admin/library/views/edit');
    fireEvent.change(screen.getByLabelText('URI'), { target: { value: 'harbour' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harbour' } });
    await click(screen.getByTestId('view-pick'));
    const options = await screen.findAllByTestId('select-item');
    await click(options[1] as HTMLElement);
    await click(options[0] as HTMLElement);
    await click(screen.getByTestId('select-accept'));
    await waitFor(() => expect(screen.getAllByTestId('view-item')).toHaveLength(2));
    expect(screen.getAllByTestId('view-item').map((i) => i.textContent)).toEqual([
      expect.stringContaining('Image 2'),
      expect.stringContaining('Image 1'),
    ]);
    await click(screen.getByTestId('view-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/library/views/edit/item/v-9'),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ uri: 'harbour', title: 'Harbour', description: '', items: ['l-2', 'l-1'] });
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data posted');
  });

  it('edits a view: PUT with the changed fields', async () => {
    const calls = mockFetch({
      'GET /api/libraryView/uuid/v-1': { status: 200, body: view },
      'GET /api/library/uuid/l-1': { status: 200, body: [item(1)] },
      'PUT /api/libraryView/uuid/v-1': { status: 200, body: { ...view, title: 'Port' } },
    });
    await render('/admin/library/views/edit/item/v-1');
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Port' } });
    await click(screen.getByTestId('view-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Port' });
  });

  it('shows a refused edit as the translated message of its code', async () => {
    mockFetch({
      'GET /api/libraryView/uuid/v-1': { status: 200, body: view },
      'GET /api/library/uuid/l-1': { status: 200, body: [item(1)] },
      'PUT /api/libraryView/uuid/v-1': {
        status: 404,
        body: { Error: 'view not found', code: 'LIBRARY.VIEW_NOT_FOUND' },
      },
    });
    const { store } = await render('/admin/library/views/edit/item/v-1');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Port' } });
    await click(screen.getByTestId('view-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'warning',
        body: 'platform.error.LIBRARY.VIEW_NOT_FOUND',
      }),
    );
  });

  it('shows the public page of a view with its items, in Greek', async () => {
    mockFetch({
      'GET /api/?action=libraryView&uri=harbour%2Fold': {
        status: 200,
        body: { title: 'Λιμάνι', description: 'Παλιό λιμάνι', items: [item(1), item(2)] },
      },
    });
    await render('/library/harbour/old', 'el');
    expect((await screen.findByTestId('view-title')).textContent).toBe('Λιμάνι');
    expect(screen.getByText('Παλιό λιμάνι')).toBeTruthy();
    expect(screen.getAllByTestId('public-view-item')).toHaveLength(2);
  });

  it('shows the 404 page for a view that does not exist', async () => {
    mockFetch({});
    await render('/library/no-such');
    expect((await screen.findByTestId('not-found')).textContent).toContain('404');
    expect(screen.queryByTestId('error-state')).toBeNull();
  });
});

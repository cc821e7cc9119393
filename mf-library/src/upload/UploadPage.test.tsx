import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationsAtom, platformMessages } from '@agora/platform';
import { adminUser, click, clearCookies, mockFetch, renderWeb } from '../../../scripts/jest/web';
import {
  formFields,
  installFakeXhr,
  type FakeXhrRequest,
} from '../../../packages/library-ui/src/upload/fakeXhr.testutil';
import App from '../App';
import { item } from '../test/fixtures';

const recent = (tags = '') => `GET /api/library/limit/5${tags}/sort/created/sort_method/DESC`;

function render(route: string, locale: 'el' | 'en' = 'en') {
  return renderWeb(<App basePath="" />, { route, user: adminUser, locale, probe: true });
}

function chooseImage(name = 'harbour.png', type = 'image/png') {
  fireEvent.change(screen.getByTestId('image-input'), {
    target: { files: [new File(['x'], name, { type })] },
  });
}

beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=tok';
});

describe('upload page', () => {
  it('uploads a new image with progress, then goes to /admin/library/upload/item/{uuid}', async () => {
    mockFetch({
      [recent()]: { status: 200, body: { values: [item(7)] } },
      [recent('/taglist/port')]: { status: 200, body: { values: [item(8)] } },
      'GET /api/library/uuid/l-50': { status: 200, body: [item(50, { title: 'Harbour' })] },
    });
    let pending: FakeXhrRequest | undefined;
    const requests = installFakeXhr((req) => {
      pending = req;
    });
    const { store } = await render('/admin/library/upload');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Upload image');
    expect((await screen.findAllByTestId('recent-item')).map((r) => r.textContent)).toEqual(['Image 7']);
    expect(screen.getByLabelText('Description').getAttribute('rows')).toBe('5');
    expect(screen.getByLabelText('Documentation').getAttribute('placeholder')).toBe('http(s)://...');

    // no image: refused, nothing sent
    await click(screen.getByTestId('upload-submit'));
    expect(screen.getByTestId('image-error').textContent).toBe('This value is required.');
    expect(requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harbour' } });
    chooseImage('notes.txt', 'text/plain');
    expect(screen.getByTestId('image-error').textContent).toBe('Only image files are accepted.');
    chooseImage();
    expect(screen.getByTestId('image-preview').getAttribute('src')).toBe('blob:preview');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'port' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect((await screen.findAllByTestId('recent-item')).map((r) => r.textContent)).toEqual(['Image 8']);

    await click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByTestId('upload-progress-modal').textContent).toContain(
      'Please wait while uploading...',
    );
    await act(async () => pending?.progress(40, 100));
    await waitFor(() => expect(screen.getByTestId('upload-percent').textContent).toBe('40%'));
    const req = requests[0] as FakeXhrRequest;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/library');
    expect(formFields(req.body)).toEqual({
      title: 'Harbour',
      alt_text: '',
      description: '',
      tooltip: '',
      documentation: '',
      tags: '["port"]',
      resource: 'file:harbour.png',
    });
    await act(async () => pending?.respond(200, item(50, { title: 'Harbour', tags: ['port'] })));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/library/upload/item/l-50'),
    );
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data uploaded');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit image' })).toBeTruthy();
  });

  it('cancels an upload with "Operation canceled by the user."', async () => {
    mockFetch({ [recent()]: { status: 200, body: { values: [] } } });
    const requests = installFakeXhr();
    const { store } = await render('/admin/library/upload');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harbour' } });
    chooseImage();
    await click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await click(screen.getByTestId('upload-cancel'));
    await waitFor(() => expect(screen.queryByTestId('upload-progress-modal')).toBeNull());
    expect(requests[0]?.aborted).toBe(true);
    const last = store.get(notificationsAtom).at(-1);
    expect(last).toMatchObject({ type: 'warning', body: 'Operation canceled by the user.' });
    expect(screen.getByTestId('location').textContent).toBe('/admin/library/upload');
  });

  it('edits an item: PUT with the changed fields only, in Greek', async () => {
    mockFetch({
      'GET /api/library/uuid/l-3': { status: 200, body: [item(3, { tags: ['sea'] })] },
      [recent('/taglist/sea')]: { status: 200, body: { values: [] } },
    });
    const requests = installFakeXhr((req) =>
      req.respond(200, item(3, { title: 'Νέος τίτλος', tags: ['sea'] })),
    );
    const { store } = await render('/admin/library/upload/item/l-3', 'el');
    const title = await screen.findByLabelText('Τίτλος');
    expect((title as HTMLInputElement).value).toBe('Image 3');
    expect((await screen.findByTestId('recent-empty')).textContent).toBe(
      'Καμία εικόνα δεν έχει όλες αυτές τις ετικέτες.',
    );
    expect(screen.getByTestId('image-preview').getAttribute('src')).toBe('/files/3.jpg');
    fireEvent.change(title, { target: { value: 'Νέος τίτλος' } });
    await click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe('/api/library/uuid/l-3');
    expect(formFields(requests[0]?.body ?? null)).toEqual({ title: 'Νέος τίτλος' });
    await waitFor(() =>
      expect(store.get(notificationsAtom).map((n) => n.body)).toContain('successful update'),
    );
  });

  it('shows why instead of the form when the answer says the item may not be edited', async () => {
    mockFetch({
      'GET /api/library/uuid/l-4': {
        status: 200,
        body: [item(4, { owner: 'u-other', can_edit: false, can_delete: false })],
      },
    });
    await renderWeb(<App basePath="" />, {
      route: '/admin/library/upload/item/l-4',
      user: { ...adminUser, uuid: 'u-ed', role: 'editor' },
    });
    const why = await screen.findByTestId('not-editable');
    expect(why.textContent).toBe(platformMessages.en['platform.error.LIBRARY.NOT_OWNER']);
    expect(screen.queryByTestId('upload-form')).toBeNull();
    expect(screen.queryByTestId('upload-submit')).toBeNull();
  });

  it('shows the server refusal as a warning, by its code', async () => {
    mockFetch({ [recent()]: { status: 200, body: { values: [] } } });
    installFakeXhr((req) => req.respond(415, { Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' }));
    const { store } = await render('/admin/library/upload');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    chooseImage();
    await click(screen.getByTestId('upload-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'warning',
        body: 'platform.error.LIBRARY.NOT_AN_IMAGE',
      }),
    );
  });

  it("says why the server refused in the user's language, from the error code", async () => {
    mockFetch({ [recent()]: { status: 200, body: { values: [] } } });
    installFakeXhr((req) =>
      req.respond(415, { Error: 'the SVG contains a script', code: 'LIBRARY.UNSAFE_SVG' }),
    );
    const { store } = await render('/admin/library/upload', 'el');
    fireEvent.change(screen.getByLabelText('Τίτλος'), { target: { value: 'x' } });
    chooseImage('map.svg', 'image/svg+xml');
    await click(screen.getByTestId('upload-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'warning',
        body: 'platform.error.LIBRARY.UNSAFE_SVG',
      }),
    );
    expect(platformMessages.el['platform.error.LIBRARY.UNSAFE_SVG']).toBe(
      'Το SVG περιέχει σενάρια ή συνδέσμους που δεν επιτρέπονται.',
    );
  });
});

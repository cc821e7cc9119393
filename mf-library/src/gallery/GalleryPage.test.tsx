import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost } from '@agora/platform';
import { adminUser, click, mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import App from '../App';
import { item, paged } from '../test/fixtures';

function renderGallery(route = '/admin/library/gallery', locale: 'el' | 'en' = 'en', user = adminUser) {
  return renderWeb(<App basePath="" />, { route, user, locale, probe: true });
}

describe('mf-library gallery', () => {
  it('renders one thumbnail card per item from GET /api/library/page/1, with the sub-navigation', async () => {
    const calls = mockFetch({
      'GET /api/library/page/1': { status: 200, body: paged([item(1), item(2, { thumbnail: null })]) },
    });
    await renderGallery();
    const rows = await screen.findAllByTestId('library-item-row');
    expect(rows).toHaveLength(2);
    const images = rows.map((r) => r.querySelector('img') as HTMLImageElement);
    expect(images.map((img) => [img.getAttribute('src'), img.alt])).toEqual([
      ['/thumbs/1.jpg', 'alt 1'],
      ['/files/2.jpg', 'alt 2'],
    ]);
    expect(rows[0]?.textContent).toContain('Image 1');
    expect(calls.map((c) => c.url)).toEqual(['/api/library/page/1']);
    const root = screen.getByTestId('mf-library-page');
    expect(root.getAttribute('data-remote-version')).toBe('test');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gallery');
    const nav = screen.getByRole('navigation', { name: 'Library' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/library/gallery',
      '/admin/library/upload',
      '/admin/library/documentation',
      '/admin/library/views',
      '/admin/library/export',
    ]);
  });

  it('shows an empty message in English and in Greek', async () => {
    mockFetch({ 'GET /api/library/page/1': { status: 200, body: paged([]) } });
    const { unmount } = await renderGallery();
    expect((await screen.findByTestId('empty-state')).textContent).toBe('The library has no images yet.');
    unmount();
    await renderGallery('/admin/library/gallery', 'el');
    expect((await screen.findByTestId('empty-state')).textContent).toBe(
      'Η βιβλιοθήκη δεν έχει ακόμη εικόνες.',
    );
    expect(screen.queryByTestId('library-item-row')).toBeNull();
  });

  it('shows the error state with the status and the translated message of the code', async () => {
    mockFetch({
      'GET /api/library/page/1': {
        status: 503,
        body: { Error: 'library service unavailable', code: 'GATEWAY.UNAVAILABLE' },
      },
    });
    await renderGallery();
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Error 503');
    expect(error.textContent).toContain('This service is temporarily unavailable.');
    expect(error.textContent).not.toContain('library service unavailable');
  });

  it('loads more while page < total_pages and filters by tags (items having all tags)', async () => {
    const calls = mockFetch({
      'GET /api/library/page/1': { status: 200, body: paged([item(1), item(2)], 1, 2) },
      'GET /api/library/page/2': { status: 200, body: paged([item(3)], 2, 2) },
      'GET /api/library/autocomplete/tags/query/mu': { status: 200, body: ['museum', 'music'] },
      'GET /api/library/page/1/taglist/museum': { status: 200, body: paged([item(2)]) },
    });
    await renderGallery();
    await screen.findAllByTestId('library-item-row');
    await click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('library-item-row')).toHaveLength(3));
    expect(screen.queryByTestId('load-more')).toBeNull();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'mu' } });
    fireEvent.mouseDown(await screen.findByText('museum'));
    await waitFor(() => expect(screen.getAllByTestId('library-item-row')).toHaveLength(1));
    expect(calls.map((c) => c.url)).toContain('/api/library/page/1/taglist/museum');
  });

  it('opens the detail sidebar and a keyboard-driven slide show that Esc closes', async () => {
    mockFetch({
      'GET /api/library/page/1': {
        status: 200,
        body: paged([item(1, { documentation: 'https://example.org/doc', tags: ['sea', 'port'] }), item(2)]),
      },
    });
    await renderGallery();
    const rows = await screen.findAllByTestId('library-item-row');
    await click(within(rows[0] as HTMLElement).getByRole('button'));
    const detail = screen.getByTestId('library-detail');
    expect(within(detail).getByRole('heading').textContent).toBe('Image 1');
    expect(within(detail).getByText('sea')).toBeTruthy();
    expect(within(detail).getByText('about 1')).toBeTruthy();
    expect(within(detail).getByTestId('detail-documentation').getAttribute('href')).toBe(
      'https://example.org/doc',
    );
    expect(within(detail).getByTestId('detail-edit').getAttribute('href')).toBe(
      '/admin/library/upload/item/l-1',
    );
    await click(within(detail).getByTestId('detail-slideshow'));
    const show = await screen.findByTestId('slideshow');
    expect(screen.getByTestId('slide-position').textContent).toBe('Image 1 of 2');
    expect(screen.getByTestId('slide-image').getAttribute('src')).toBe('/files/1.jpg');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByTestId('slide-position').textContent).toBe('Image 2 of 2');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByTestId('slide-position').textContent).toBe('Image 1 of 2');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(screen.getByTestId('slide-position').textContent).toBe('Image 2 of 2');
    expect(show.getAttribute('role')).toBe('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('slideshow')).toBeNull();
  });

  it('opens the select mode modal and reports the accepted choice', async () => {
    mockFetch({ 'GET /api/library/page/1': { status: 200, body: paged([item(1), item(2)]) } });
    await renderGallery();
    await screen.findAllByTestId('library-item-row');
    await click(screen.getByTestId('select-mode'));
    const options = await screen.findAllByTestId('select-item');
    await click(options[1] as HTMLElement);
    await click(screen.getByTestId('select-accept'));
    await waitFor(() => expect(screen.queryByTestId('library-select-modal')).toBeNull());
  });

  it('redirects /admin/library to the gallery', async () => {
    mockFetch({ 'GET /api/library/page/1': { status: 200, body: paged([]) } });
    await renderGallery('/admin/library');
    expect(screen.getByTestId('location').textContent).toBe('/admin/library/gallery');
  });

  it('shows the permission message to a participant', async () => {
    const calls = mockFetch({});
    await renderGallery('/admin/library/gallery', 'en', participantUser);
    expect(screen.getByTestId('permission-denied')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows its 404 for other routes', async () => {
    await renderGallery('/admin/library/nothing');
    expect(screen.getByTestId('not-found').textContent).toContain("Oops! You're lost.");
  });

  it('shows editors the library sub-navigation without backups', async () => {
    mockFetch({ 'GET /api/library/page/1': { status: 200, body: paged([]) } });
    await renderGallery('/admin/library/gallery', 'en', { ...adminUser, role: 'editor' });
    await screen.findByTestId('empty-state');
    const nav = screen.getByRole('navigation', { name: 'Library' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Gallery', 'Upload', 'Documentation', 'Views']);
  });

  const theirs = { owner: 'u-other', can_edit: false, can_delete: false };
  const kept = { owner: 'u-ed', can_delete: false };
  it('deletes an image from its detail after confirmation, offering edit and delete only where the answer says can_edit and can_delete', async () => {
    let deleted = false;
    const calls = mockFetch({
      'GET /api/library/page/1': () => ({
        status: 200,
        body: paged(
          deleted
            ? [item(2, theirs), item(3, kept)]
            : [item(1, { owner: 'u-ed' }), item(2, theirs), item(3, kept)],
        ),
      }),
      'DELETE /api/library/uuid/l-1': () => {
        deleted = true;
        return { status: 200, body: { message: 'data deleted' } };
      },
    });
    await renderWeb(
      <>
        <App basePath="" />
        <ConfirmHost />
      </>,
      { route: '/admin/library/gallery', user: { ...adminUser, uuid: 'u-ed', role: 'editor' } },
    );
    const rows = await screen.findAllByTestId('library-item-row');
    await click(within(rows[1] as HTMLElement).getByRole('button'));
    expect(screen.queryByTestId('detail-edit')).toBeNull();
    expect(screen.queryByTestId('detail-delete')).toBeNull();
    await click(within(rows[2] as HTMLElement).getByRole('button'));
    expect(screen.getByTestId('detail-edit')).toBeTruthy();
    expect(screen.queryByTestId('detail-delete')).toBeNull();
    await click(within(rows[0] as HTMLElement).getByRole('button'));
    expect(screen.getByTestId('detail-edit')).toBeTruthy();
    await click(screen.getByTestId('detail-delete'));
    await click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getAllByTestId('library-item-row')).toHaveLength(2));
    expect(screen.queryByTestId('library-detail')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/library/uuid/l-1']);
  });

  it('offers an editor edit but not delete on an image another user uploaded, and the edit opens its form', async () => {
    const shared = { owner: 'u-other', can_edit: true, can_delete: false };
    mockFetch({
      'GET /api/library/page/1': { status: 200, body: paged([item(5, shared)]) },
      'GET /api/library/uuid/l-5': { status: 200, body: [item(5, shared)] },
      'GET /api/library/limit/5/sort/created/sort_method/DESC': { status: 200, body: { values: [] } },
    });
    await renderGallery('/admin/library/gallery', 'en', { ...adminUser, uuid: 'u-ed', role: 'editor' });
    const [row] = await screen.findAllByTestId('library-item-row');
    await click(within(row as HTMLElement).getByRole('button'));
    expect(screen.queryByTestId('detail-delete')).toBeNull();
    await click(screen.getByTestId('detail-edit'));
    expect(screen.getByTestId('location').textContent).toBe('/admin/library/upload/item/l-5');
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Image 5');
    expect(screen.getByTestId('upload-submit')).toBeTruthy();
    expect(screen.queryByTestId('not-editable')).toBeNull();
  });
});

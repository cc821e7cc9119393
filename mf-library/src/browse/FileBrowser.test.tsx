import { screen, waitFor } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch } from '../../../scripts/jest/web';
import { onlyCsrfToken, renderLibrary } from '../test/render';

const root = {
  content: [
    { name: 'images', type: 'dir', size: 0, modified: '2026-01-01T00:00:00Z', path: 'images' },
    { name: 'a.png', type: 'file', size: 2048, modified: '2026-01-02T00:00:00Z', path: 'a.png' },
  ],
  breadcrumb: [{ name: '', path: '' }],
};
const images = {
  content: [
    { name: 'b.jpg', type: 'file', size: 10, modified: '2026-01-03T00:00:00Z', path: 'images/b.jpg' },
  ],
  breadcrumb: [
    { name: '', path: '' },
    { name: 'images', path: 'images' },
  ],
};

/** The current path and query, and the browser's Back as a button. */
function UrlProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="url">{location.pathname + location.search}</output>
      <button type="button" data-testid="back" onClick={() => void navigate(-1)} />
    </>
  );
}

function render(user = adminUser, route = '/admin/browse') {
  return renderLibrary(route, { user }, <UrlProbe />);
}

beforeEach(onlyCsrfToken);

describe('file browser', () => {
  it('lists a directory, opens a sub-directory, previews and deletes a file after confirmation', async () => {
    const calls = mockFetch({
      'GET /api/fileBrowser?dir=': { status: 200, body: root },
      'GET /api/fileBrowser?dir=images': { status: 200, body: images },
      'DELETE /api/fileBrowser': { status: 200, body: { message: 'data deleted' } },
    });
    const { store } = await render();
    const rows = await screen.findAllByTestId('file-row');
    expect(rows[1]?.textContent).toContain('2.0 KiB');
    await click(screen.getAllByTestId('entry-menu')[1] as HTMLElement);
    expect(screen.getByTestId('entry-download').getAttribute('href')).toBe(
      '/api/?action=fileBrowser&download=a.png',
    );
    await click(screen.getByTestId('entry-preview'));
    expect(screen.getByTestId('file-preview').querySelector('img')?.getAttribute('src')).toBe(
      '/api/?action=fileBrowser&download=a.png',
    );
    await click(screen.getByText('Close'));
    await click(screen.getByTestId('dir-open'));
    await waitFor(() => expect(screen.getByTestId('breadcrumb').textContent).toContain('images'));
    await click(screen.getAllByTestId('entry-menu')[0] as HTMLElement);
    await click(screen.getByTestId('entry-delete'));
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ path: 'images/b.jpg' });
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data deleted');
  });

  it('keeps the folder in the URL: opening one adds ?dir=, and Back returns to the parent', async () => {
    const calls = mockFetch({
      'GET /api/fileBrowser?dir=': { status: 200, body: root },
      'GET /api/fileBrowser?dir=images': { status: 200, body: images },
    });
    await render();
    await click(await screen.findByTestId('dir-open'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/admin/browse?dir=images'));
    await waitFor(() => expect(screen.getAllByTestId('file-row')[0]?.textContent).toContain('b.jpg'));
    await click(screen.getByTestId('back'));
    expect(screen.getByTestId('url').textContent).toBe('/admin/browse');
    await waitFor(() => expect(screen.getAllByTestId('file-row')[1]?.textContent).toContain('a.png'));
    expect(calls.map((c) => c.url)).toContain('/api/fileBrowser?dir=images');
  });

  it('opens the folder the URL names, and heads the actions column', async () => {
    mockFetch({ 'GET /api/fileBrowser?dir=images': { status: 200, body: images } });
    await render(adminUser, '/admin/browse?dir=images');
    await waitFor(() => expect(screen.getAllByTestId('file-row')[0]?.textContent).toContain('b.jpg'));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Size',
      'Modified',
      'Actions',
    ]);
  });

  it('warns "action denied" when the listing fails', async () => {
    mockFetch({ 'GET /api/fileBrowser?dir=': { status: 403, body: { Error: 'forbidden' } } });
    const { store } = await render();
    await screen.findByTestId('error-403');
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({ type: 'warning', body: 'action denied' });
  });

  it('is admin-only', async () => {
    const calls = mockFetch({});
    await render({ ...adminUser, role: 'editor' });
    expect(screen.getByTestId('permission-denied')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, fakeResponse, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { formFields, installFakeXhr } from '../../../packages/library-ui/src/upload/fakeXhr.testutil';
import App from '../App';
import { paged } from '../test/fixtures';
import { onlyCsrfToken, renderLibrary } from '../test/render';
import { sanitizeHtml } from '../common/sanitize';
import type { DocumentationAnswer } from '@agora/contracts/api';

const doc = (n: number, extra: Partial<DocumentationAnswer> = {}): DocumentationAnswer => ({
  uuid: `d-${n}`,
  uri: `guide/${n}`,
  title: `Guide ${n}`,
  comment: '',
  type: 'html',
  html: '<p>hi</p>',
  resource: null,
  filename: null,
  created: '2026-01-01T00:00:00Z',
  owner: null,
  can_edit: true,
  can_delete: true,
  ...extra,
});

function render(route = '/admin/library/documentation', locale: 'el' | 'en' = 'en') {
  return renderLibrary(route, { locale, probe: true });
}

beforeEach(onlyCsrfToken);

describe('documentation list', () => {
  it('lists URI and title with open/copy/edit, and loads more while page < total_pages', async () => {
    mockFetch({
      'GET /api/documentation/page/1': { status: 200, body: paged([doc(1), doc(2)], 1, 2) },
      'GET /api/documentation/page/2': { status: 200, body: paged([doc(3)], 2, 2) },
    });
    const writes: string[] = [];
    Object.assign(navigator, { clipboard: { writeText: async (t: string) => void writes.push(t) } });
    const { store } = await render();
    const rows = await screen.findAllByTestId('documentation-row');
    expect(rows[0]?.textContent).toContain('guide/1');
    expect(rows[0]?.textContent).toContain('Guide 1');
    expect(
      within(rows[0] as HTMLElement)
        .getByTestId('documentation-open')
        .getAttribute('href'),
    ).toBe('/documentation/guide/1');
    await click(within(rows[1] as HTMLElement).getByText('Copy link'));
    await waitFor(() => expect(writes).toEqual(['http://localhost/documentation/guide/2']));
    expect(store.get(notificationsAtom).at(-1)?.body).toBe('Link copied to the clipboard');
    await click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('documentation-row')).toHaveLength(3));
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('adds an html entry; switching to a file clears the html and the file is required, .pdf/.doc/.docx only', async () => {
    mockFetch({ 'GET /api/documentation/page/1': { status: 200, body: paged([]) } });
    const requests = installFakeXhr((req) => req.respond(200, doc(9)));
    const { store } = await render();
    await click(screen.getByTestId('documentation-add'));
    const modal = screen.getByTestId('documentation-modal');
    fireEvent.change(within(modal).getByLabelText('URI'), { target: { value: 'help/start' } });
    fireEvent.change(within(modal).getByLabelText('Title'), { target: { value: 'Start' } });
    const editor = within(modal).getByTestId('html-editor');
    editor.innerHTML = '<p>Welcome</p>';
    fireEvent.input(editor);
    fireEvent.change(within(modal).getByLabelText('Type'), { target: { value: 'resource' } });
    expect(within(modal).queryByTestId('html-editor')).toBeNull();
    await click(within(modal).getByTestId('documentation-submit'));
    expect(within(modal).getByTestId('documentation-file-error').textContent).toBe('This value is required.');
    expect(requests).toHaveLength(0);
    const file = within(modal).getByTestId('documentation-file');
    fireEvent.change(file, { target: { files: [new File(['x'], 'a.exe')] } });
    expect(within(modal).getByTestId('documentation-file-error').textContent).toContain('.pdf');
    fireEvent.change(file, {
      target: { files: [new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' })] },
    });
    await click(within(modal).getByTestId('documentation-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toBe('/api/documentation');
    expect(formFields(requests[0]?.body ?? null)).toEqual({
      uri: 'help/start',
      title: 'Start',
      comment: '',
      type: 'resource',
      resource: 'file:guide.pdf',
    });
    await waitFor(() => expect(screen.queryByTestId('documentation-modal')).toBeNull());
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data posted');
  });

  it('edits with the type fixed and sends the changed fields only (PUT)', async () => {
    mockFetch({ 'GET /api/documentation/page/1': { status: 200, body: paged([doc(1)]) } });
    const requests = installFakeXhr((req) => req.respond(200, doc(1)));
    await render();
    await click((await screen.findAllByTestId('documentation-edit'))[0] as HTMLElement);
    const modal = screen.getByTestId('documentation-modal');
    expect((within(modal).getByLabelText('Type') as HTMLSelectElement).disabled).toBe(true);
    expect(within(modal).getByTestId('html-editor').innerHTML).toBe('<p>hi</p>');
    fireEvent.change(within(modal).getByLabelText('Title'), { target: { value: 'Guide one' } });
    await click(within(modal).getByTestId('documentation-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe('/api/documentation/uuid/d-1');
    expect(formFields(requests[0]?.body ?? null)).toEqual({ title: 'Guide one' });
  });

  it('asks before Esc or Cancel throws away typed text, and closes at once when nothing changed', async () => {
    mockFetch({ 'GET /api/documentation/page/1': { status: 200, body: paged([]) } });
    await render();
    await click(screen.getByTestId('documentation-add'));
    await click(within(screen.getByTestId('documentation-modal')).getByText('Cancel'));
    expect(screen.queryByTestId('documentation-modal')).toBeNull();
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();

    await click(screen.getByTestId('documentation-add'));
    const modal = screen.getByTestId('documentation-modal');
    fireEvent.change(within(modal).getByLabelText('Title'), { target: { value: 'Draft' } });
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    const question = await screen.findByTestId('confirm-dialog');
    expect(question.textContent).toContain('You have unsaved changes');
    await click(within(question).getByTestId('confirm-no'));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect((within(modal).getByLabelText('Title') as HTMLInputElement).value).toBe('Draft');

    await click(within(modal).getByText('Cancel'));
    await click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('documentation-modal')).toBeNull());
  });

  it('deletes an entry after confirmation, then reloads the list', async () => {
    let deleted = false;
    const calls = mockFetch({
      'GET /api/documentation/page/1': () => ({
        status: 200,
        body: paged(deleted ? [doc(2)] : [doc(1), doc(2)]),
      }),
      'DELETE /api/documentation/uuid/d-1': () => {
        deleted = true;
        return { status: 200, body: { message: 'data deleted' } };
      },
    });
    const { store } = await render();
    const rows = await screen.findAllByTestId('documentation-row');
    await click(within(rows[0] as HTMLElement).getByText('Delete'));
    const question = await screen.findByTestId('confirm-dialog');
    await click(within(question).getByTestId('confirm-no'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(within(rows[0] as HTMLElement).getByText('Delete'));
    await click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getAllByTestId('documentation-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/documentation/uuid/d-1',
    ]);
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data deleted');
  });

  it('offers edit and delete only where the answer says can_edit and can_delete, whoever owns the entry', async () => {
    mockFetch({
      'GET /api/documentation/page/1': {
        status: 200,
        body: paged([
          doc(1, { owner: 'u-ed' }),
          doc(2, { owner: 'u-other', can_edit: false, can_delete: false }),
          doc(3, { owner: 'u-ed', can_delete: false }),
        ]),
      },
    });
    await renderWeb(<App basePath="" />, {
      route: '/admin/library/documentation',
      user: { ...adminUser, uuid: 'u-ed', role: 'editor' },
    });
    const [own, other, keep] = (await screen.findAllByTestId('documentation-row')) as HTMLElement[];
    expect(within(own!).queryByTestId('documentation-edit')).not.toBeNull();
    expect(within(own!).queryByTestId('documentation-delete')).not.toBeNull();
    expect(within(other!).queryByTestId('documentation-edit')).toBeNull();
    expect(within(other!).queryByTestId('documentation-delete')).toBeNull();
    expect(within(other!).getByTestId('documentation-open')).toBeTruthy();
    expect(within(keep!).queryByTestId('documentation-edit')).not.toBeNull();
    expect(within(keep!).queryByTestId('documentation-delete')).toBeNull();
  });

  it("lets an editor change another user's page (edit offered, PUT sent) but offers no delete", async () => {
    const theirs = doc(2, { owner: 'u-other', can_edit: true, can_delete: false });
    mockFetch({ 'GET /api/documentation/page/1': { status: 200, body: paged([theirs]) } });
    const requests = installFakeXhr((req) => req.respond(200, { ...theirs, title: 'Guide two' }));
    await renderWeb(<App basePath="" />, {
      route: '/admin/library/documentation',
      user: { ...adminUser, uuid: 'u-ed', role: 'editor' },
    });
    const row = await screen.findByTestId('documentation-row');
    expect(within(row).queryByTestId('documentation-delete')).toBeNull();
    await click(within(row).getByTestId('documentation-edit'));
    const modal = screen.getByTestId('documentation-modal');
    fireEvent.change(within(modal).getByLabelText('Title'), { target: { value: 'Guide two' } });
    await click(within(modal).getByTestId('documentation-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect([requests[0]?.method, requests[0]?.url]).toEqual(['PUT', '/api/documentation/uuid/d-2']);
    expect(formFields(requests[0]?.body ?? null)).toEqual({ title: 'Guide two' });
  });

  it('shows an admin no edit or delete where the answer says the admin may not', async () => {
    mockFetch({
      'GET /api/documentation/page/1': {
        status: 200,
        body: paged([doc(1, { owner: 'u-other', can_edit: false, can_delete: false })]),
      },
    });
    await render();
    const row = await screen.findByTestId('documentation-row');
    expect(within(row).queryByTestId('documentation-edit')).toBeNull();
    expect(within(row).queryByTestId('documentation-delete')).toBeNull();
  });

  it('puts stored html into the editor sanitised (no scripts or handlers reach the page)', async () => {
    const hostile = doc(1, {
      html: '<p onclick="x()">hi<script>alert(1)</script><img src="/i.png" onerror="x()"> <a href="https://e.org">e</a></p>',
    });
    mockFetch({ 'GET /api/documentation/page/1': { status: 200, body: paged([hostile]) } });
    await render();
    await click((await screen.findAllByTestId('documentation-edit'))[0] as HTMLElement);
    const editor = within(screen.getByTestId('documentation-modal')).getByTestId('html-editor');
    expect(editor.innerHTML).toBe('<p>hi<img src="/i.png"> <a href="https://e.org">e</a></p>');
  });
});

describe('documentation viewer', () => {
  it('shows the title and sanitised html of an html entry', async () => {
    mockFetch({
      'GET /api/?action=documentation&uri=help%2Fstart': {
        status: 200,
        body: { type: 'html', title: 'Start', html: '<p onclick="x()">Hello<script>alert(1)</script></p>' },
      },
    });
    await render('/documentation/help/start');
    expect((await screen.findByTestId('documentation-title')).textContent).toBe('Start');
    expect(screen.getByTestId('documentation-html').innerHTML).toBe('<p>Hello</p>');
  });

  it('downloads a resource entry under the last uri segment', async () => {
    const blob = new Blob(['%PDF']);
    globalThis.fetch = jest.fn(async () => {
      const res = fakeResponse(200, '%PDF');
      return Object.assign(res, {
        headers: new Headers({ 'content-type': 'application/pdf' }),
        blob: async () => blob,
      });
    }) as typeof fetch;
    URL.createObjectURL = () => 'blob:doc';
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      await render('/documentation/files/guide.pdf');
      const note = await screen.findByTestId('documentation-download');
      expect(note.querySelector('a')?.getAttribute('download')).toBe('guide.pdf');
      expect(clicked).toEqual(['guide.pdf']);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });

  it('shows the 404 page for a missing entry, and the error page for other failures', async () => {
    mockFetch({ 'GET /api/?action=documentation&uri=broken': { status: 500, body: { Error: 'boom' } } });
    await act(async () => {
      await render('/documentation/no-such', 'el');
    });
    expect((await screen.findByTestId('not-found')).textContent).toContain('404');
    expect(screen.queryByTestId('error-state')).toBeNull();
    await act(async () => {
      await render('/documentation/broken');
    });
    expect((await screen.findByTestId('error-state')).getAttribute('data-status')).toBe('500');
  });

  it('sanitises: no scripts, handlers or script URLs', () => {
    expect(
      sanitizeHtml('<a href="javascript:x()">a</a><img src="/i.png" onerror="x()"><iframe src="/"></iframe>'),
    ).toBe('<a rel="noopener noreferrer" target="_blank">a</a><img src="/i.png">');
  });
});

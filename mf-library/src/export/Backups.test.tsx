import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch } from '../../../scripts/jest/web';
import { formFields, installFakeXhr } from '../../../packages/library-ui/src/upload/fakeXhr.testutil';
import { onlyCsrfToken, renderLibrary } from '../test/render';
import type { BackupAnswer } from '@agora/contracts/api';

const backup = (extra: Partial<BackupAnswer> = {}): BackupAnswer => ({
  filename: 'library-2026.tar.gz',
  created: '2026-03-01T10:00:00Z',
  size: 2048,
  items: 12,
  source: 'export',
  restored_date: null,
  api_enabled: false,
  api_client: null,
  api_secret: null,
  ...extra,
});

function render(user = adminUser, locale: 'el' | 'en' = 'en') {
  return renderLibrary('/admin/library/export', { user, locale });
}

beforeEach(onlyCsrfToken);

describe('backups', () => {
  it('is for admins only: an editor sees the permission message', async () => {
    const calls = mockFetch({});
    await render({ ...adminUser, role: 'editor' });
    expect(screen.getByTestId('permission-denied')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lists backups and exports with a waiting modal that follows the job', async () => {
    let polls = 0;
    mockFetch({
      'GET /api/libraryExport': { status: 200, body: [backup()] },
      'POST /api/libraryExport': { status: 200, body: { job: 'j1' } },
      'GET /api/libraryExport/job/j1': () => {
        polls += 1;
        return {
          status: 200,
          body: polls < 2 ? { state: 'running', progress: 40 } : { state: 'done', progress: 100 },
        };
      },
    });
    const { store } = await render();
    const row = await screen.findByTestId('backup-row');
    expect(row.textContent).toContain('2.0 KiB');
    expect(row.textContent).toContain('12');
    expect(within(row).getAllByRole('cell')[3]?.textContent).toBe('Export');
    expect(within(row).getByTestId('backup-download').getAttribute('href')).toBe(
      '/api/libraryExport/download/library-2026.tar.gz',
    );
    await click(screen.getByTestId('backup-export'));
    await waitFor(() => expect(screen.getByTestId('job-progress').textContent).toBe('40%'));
    await waitFor(() => expect(screen.queryByTestId('job-modal')).toBeNull(), { timeout: 3000 });
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({ type: 'success', body: 'Backup created' });
  });

  it('restores from a server file after confirmation: "library restored" / "library restore failed"', async () => {
    mockFetch({
      'GET /api/libraryExport': { status: 200, body: [backup()] },
      'PUT /api/libraryExport/scope/restore-from-server-file/filename/library-2026.tar.gz': {
        status: 200,
        body: { job: 'r1' },
      },
      'GET /api/libraryExport/job/r1': { status: 200, body: { state: 'done', progress: 100 } },
    });
    const { store } = await render();
    await click(await screen.findByTestId('backup-restore'));
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'success',
        body: 'library restored',
      }),
    );
  });

  it('enables the API, copies the secret, and deletes after "drop confirm"', async () => {
    let enabled = false;
    const writes: string[] = [];
    Object.assign(navigator, { clipboard: { writeText: async (t: string) => void writes.push(t) } });
    const calls = mockFetch({
      'GET /api/libraryExport': () => ({
        status: 200,
        body: [enabled ? backup({ api_enabled: true, api_client: 'c-1', api_secret: null }) : backup()],
      }),
      'PUT /api/libraryExport/scope/enable-api/filename/library-2026.tar.gz': () => {
        enabled = true;
        return { status: 200, body: backup({ api_enabled: true, api_client: 'c-1', api_secret: 's3cret' }) };
      },
      'DELETE /api/libraryExport/filename/library-2026.tar.gz': {
        status: 200,
        body: { message: 'data deleted' },
      },
    });
    const { store } = await render();
    await click(await screen.findByTestId('backup-api'));
    expect((await screen.findByTestId('backup-api-client')).textContent).toBe('c-1');
    await click(screen.getByTestId('backup-copy-secret'));
    await waitFor(() => expect(writes).toEqual(['s3cret']));
    expect(store.get(notificationsAtom).at(-1)?.body).toBe('api secret copied to clipboard');
    await click(screen.getByTestId('backup-delete'));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Do you wish to continue?');
    await click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(store.get(notificationsAtom).map((n) => n.body)).toContain('data deleted');
  });

  it('restores from another server: domain, api_client and api_secret required; a failed job says why the restore failed', async () => {
    const calls = mockFetch({
      'GET /api/libraryExport': { status: 200, body: [] },
      'PUT /api/libraryExport/scope/restore-from-api': { status: 200, body: { job: 'r2' } },
      'GET /api/libraryExport/job/r2': {
        status: 200,
        body: { state: 'failed', progress: 30, error: 'bad secret', code: 'BACKUP.REMOTE_FAILED' },
      },
    });
    const { store } = await render();
    await screen.findByTestId('empty-state');
    await click(screen.getByTestId('restore-tab-api'));
    await click(screen.getByTestId('restore-api-submit'));
    expect(screen.getAllByText('This value is required.')).toHaveLength(3);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText(/Domain/), { target: { value: 'https://other.example.org' } });
    fireEvent.change(screen.getByLabelText(/API client/), { target: { value: 'c-1' } });
    fireEvent.change(screen.getByLabelText(/API secret/), { target: { value: 's3cret' } });
    await click(screen.getByTestId('restore-api-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'danger',
        body: 'Library restore failed: The backup could not be fetched from the other server. Check the address and the API key, and that the address is allowed for restores.',
      }),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      domain: 'https://other.example.org',
      api_client: 'c-1',
      api_secret: 's3cret',
    });
  });

  it('says where each backup came from in words, in English and in Greek', async () => {
    const rows = [
      backup({ filename: 'a.tar.gz' }),
      backup({ filename: 'b.tar.gz', source: 'upload' }),
      backup({ filename: 'c.tar.gz', source: 'api:other.example.org' }),
    ];
    mockFetch({ 'GET /api/libraryExport': { status: 200, body: rows } });
    const source = () =>
      screen.getAllByTestId('backup-row').map((r) => within(r).getAllByRole('cell')[3]?.textContent);
    const { unmount } = await render();
    await screen.findAllByTestId('backup-row');
    expect(source()).toEqual(['Export', 'Uploaded file', 'Server other.example.org']);
    unmount();
    await render(adminUser, 'el');
    await screen.findAllByTestId('backup-row');
    expect(source()).toEqual(['Εξαγωγή', 'Ανεβασμένο αρχείο', 'Διακομιστής other.example.org']);
  });

  it("says in the user's language why a restore failed, from the error code", async () => {
    mockFetch({
      'GET /api/libraryExport': { status: 200, body: [] },
      'GET /api/libraryExport/job/r4': {
        status: 200,
        body: {
          state: 'failed',
          progress: 10,
          error: 'not a valid .tar.gz archive: incorrect header check',
          code: 'BACKUP.CORRUPT',
        },
      },
    });
    installFakeXhr((req) => req.respond(200, { job: 'r4' }));
    const { store } = await render(adminUser, 'el');
    await screen.findByTestId('empty-state');
    fireEvent.change(screen.getByTestId('restore-file'), {
      target: { files: [new File(['x'], 'l.tar.gz')] },
    });
    await click(screen.getByTestId('restore-file-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)?.body).toBe(
        'Η επαναφορά της βιβλιοθήκης απέτυχε: Το αρχείο δεν είναι έγκυρο αρχείο .tar.gz.',
      ),
    );
  });

  it("names the archive picker in the page's language and shows the archive chosen", async () => {
    mockFetch({ 'GET /api/libraryExport': { status: 200, body: [] } });
    await render(adminUser, 'el');
    await screen.findByTestId('empty-state');
    const input = screen.getByTestId('restore-file');
    const name = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(input.parentElement?.textContent).toBe('Επιλογή αρχείου');
    expect(name?.textContent).toBe('Δεν επιλέχθηκε αρχείο');
    fireEvent.change(input, { target: { files: [new File(['x'], 'library.tar.gz')] } });
    expect(name?.textContent).toBe('library.tar.gz');
    fireEvent.change(input, { target: { files: [new File(['x'], 'backup.zip')] } });
    expect(name?.textContent).toBe('Δεν επιλέχθηκε αρχείο');
  });

  it('restores from a local .tar.gz file (PUT multipart archive) and follows the job', async () => {
    mockFetch({
      'GET /api/libraryExport': { status: 200, body: [] },
      'GET /api/libraryExport/job/r3': { status: 200, body: { state: 'done', progress: 100 } },
    });
    const requests = installFakeXhr((req) => req.respond(200, { job: 'r3' }));
    const { store } = await render();
    await screen.findByTestId('empty-state');
    const input = screen.getByTestId('restore-file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'backup.zip')] } });
    expect(screen.getByRole('alert').textContent).toBe('Only .tar.gz archives are accepted.');
    fireEvent.change(input, { target: { files: [new File(['x'], 'library.tar.gz')] } });
    await click(screen.getByTestId('restore-file-submit'));
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'success',
        body: 'library restored',
      }),
    );
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe('/api/libraryExport/scope/restore-from-local-file');
    expect(formFields(requests[0]?.body ?? null)).toEqual({ archive: 'file:library.tar.gz' });
  });

  it('shows the upload progress of a local archive, then the job; cancel stops the upload', async () => {
    mockFetch({
      'GET /api/libraryExport': { status: 200, body: [] },
      'GET /api/libraryExport/job/r4': { status: 200, body: { state: 'done', progress: 100 } },
    });
    const requests = installFakeXhr();
    const { store } = await render();
    await screen.findByTestId('empty-state');
    fireEvent.change(screen.getByTestId('restore-file'), {
      target: { files: [new File(['x'], 'library.tar.gz')] },
    });
    await click(screen.getByTestId('restore-file-submit'));
    await waitFor(() => expect(requests).toHaveLength(1));
    const modal = screen.getByTestId('upload-progress-modal');
    expect(within(modal).getByTestId('upload-percent').textContent).toBe('0%');
    await act(async () => requests[0]?.progress(3, 4));
    expect(within(modal).getByTestId('upload-percent').textContent).toBe('75%');
    expect((screen.getByTestId('restore-file-submit') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => requests[0]?.respond(200, { job: 'r4' }));
    expect(screen.queryByTestId('upload-progress-modal')).toBeNull();
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'success',
        body: 'library restored',
      }),
    );

    // a second upload, canceled from the modal
    fireEvent.change(screen.getByTestId('restore-file'), {
      target: { files: [new File(['x'], 'library.tar.gz')] },
    });
    await click(screen.getByTestId('restore-file-submit'));
    await waitFor(() => expect(requests).toHaveLength(2));
    await click(screen.getByTestId('upload-cancel'));
    expect(requests[1]?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('upload-progress-modal')).toBeNull());
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({
      type: 'warning',
      body: 'Operation canceled by the user.',
    });
  });

  it.each([
    [413, 'the archive unpacks to more than 8388608 bytes', 'BACKUP.TOO_LARGE', 'The archive is too large.'],
    [415, 'the archive must be a .tar.gz file', 'BACKUP.NOT_TAR_GZ', 'The archive must be a .tar.gz file.'],
    [
      409,
      'another backup job is running',
      'BACKUP.BUSY',
      'Another backup or restore is running. Please wait for it to finish.',
    ],
  ])(
    'shows why the server refused an uploaded archive (%i), by its code',
    async (status, error, code, shown) => {
      mockFetch({ 'GET /api/libraryExport': { status: 200, body: [] } });
      installFakeXhr((req) => req.respond(status, { Error: error, code }));
      const { store } = await render();
      await screen.findByTestId('empty-state');
      fireEvent.change(screen.getByTestId('restore-file'), {
        target: { files: [new File(['x'], 'library.tar.gz')] },
      });
      await click(screen.getByTestId('restore-file-submit'));
      await waitFor(() =>
        expect(store.get(notificationsAtom).at(-1)).toMatchObject({
          type: 'danger',
          body: `Library restore failed: ${shown}`,
        }),
      );
      expect(screen.queryByTestId('upload-progress-modal')).toBeNull();
      expect(screen.queryByTestId('job-modal')).toBeNull();
    },
  );
});

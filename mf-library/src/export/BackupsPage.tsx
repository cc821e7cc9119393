import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ApiError,
  apiUrl,
  client,
  DataTable,
  DateText,
  errorMessageId,
  FileInput,
  Loaded,
  Modal,
  Permission,
  SubmitForm,
  TextField,
  useApiGet,
  useConfirm,
  useJobProgress,
  useNotify,
} from '@agora/platform';
import type { BackupAnswer, BackupJobAnswer } from '@agora/contracts/api';
import {
  UploadCanceledError,
  UploadProgressModal,
  uploadTarget,
  uploadWithProgress,
} from '@agora/library-ui';
import { LibraryLayout } from '../common/LibraryLayout';

type JobKind = 'export' | 'restore';

function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Where a backup came from, in words: `export`, `upload` or `api:<host>` (another server's backup API). */
function SourceText({ source }: { source: string }) {
  if (source === 'export') return <FormattedMessage id="library.backups.sourceExport" />;
  if (source === 'upload') return <FormattedMessage id="library.backups.sourceUpload" />;
  if (source.startsWith('api:'))
    return <FormattedMessage id="library.backups.sourceApi" values={{ host: source.slice(4) }} />;
  return <>{source}</>;
}

/** The waiting modal of an export or restore: the job's progress until it is done or failed. */
function JobModal({
  kind,
  id,
  onEnd,
}: {
  kind: JobKind;
  id: string;
  onEnd: (job: BackupJobAnswer | null) => void;
}) {
  const intl = useIntl();
  const { data, error } = useJobProgress(
    '/api/libraryExport/job/{id}',
    { params: { path: { id } } },
    { ended: (next) => next.state !== 'running' },
  );
  const job = data ?? { progress: 0 };
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  // the job's end, or a failure to look at it, closes the modal (once)
  const ended = error ? null : data && data.state !== 'running' ? data : undefined;
  useEffect(() => {
    if (ended !== undefined) onEndRef.current(ended);
  }, [ended]);
  return (
    <Modal
      title={intl.formatMessage({
        id: kind === 'export' ? 'library.backups.exporting' : 'library.backups.restoring',
      })}
      testId="job-modal"
    >
      <progress
        className="ag-upload-progress"
        max={100}
        value={job.progress}
        aria-label={intl.formatMessage({ id: 'library.backups.progress' })}
      />
      <p aria-live="polite" data-testid="job-progress">
        {job.progress}%
      </p>
    </Modal>
  );
}

type RestoreSource = 'file' | 'api';

/** The restore tabs: their key (in the test ids) and the message of their name. */
const RESTORE_TABS: ReadonlyArray<readonly [RestoreSource, string]> = [
  ['file', 'library.backups.fromFile'],
  ['api', 'library.backups.fromServer'],
];

/** The import sidebar's restore tab: from a local .tar.gz, or from another server's backup API. */
function RestorePanel({ onJob }: { onJob: (id: string) => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [tab, setTab] = useState<RestoreSource>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [remote, setRemote] = useState({ domain: '', api_client: '', api_secret: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  /** upload progress of the archive (0-100) while it is sent; null otherwise */
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const fromFile = async () => {
    if (!file) {
      setFileError(intl.formatMessage({ id: 'platform.validation.required' }));
      return;
    }
    const body = new FormData();
    body.append('archive', file);
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setProgress(0);
    try {
      const { job } = await uploadWithProgress(
        uploadTarget('PUT', '/api/libraryExport/scope/restore-from-local-file'),
        body,
        { onProgress: setProgress, signal: controller.signal },
      );
      setProgress(null);
      onJob(String(job));
      setFile(null);
    } catch (e) {
      setProgress(null);
      if (e instanceof UploadCanceledError)
        notify({ type: 'warning', body: 'Operation canceled by the user.' });
      else if (e instanceof ApiError && e.code)
        // the server's refusal (too large, not a .tar.gz, another job running), read for twice as long
        notify({
          type: 'danger',
          body: intl.formatMessage(
            { id: 'library.backups.restoreFailedReason' },
            { reason: intl.formatMessage({ id: errorMessageId(e) }) },
          ),
          duration: 2,
        });
      else notify({ type: 'danger', body: 'library restore failed' });
    } finally {
      abort.current = null;
      setBusy(false);
    }
  };

  const fromApi = async () => {
    setTried(true);
    if (!remote.domain.trim() || !remote.api_client.trim() || !remote.api_secret.trim()) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    setBusy(true);
    try {
      const { job } = await client.PUT('/api/libraryExport/scope/restore-from-api', { body: remote });
      onJob(String(job));
    } catch (e) {
      notify({
        type: 'danger',
        body: e instanceof ApiError && e.code ? errorMessageId(e) : 'library restore failed',
      });
    } finally {
      setBusy(false);
    }
  };

  const required = (v: string) =>
    tried && !v.trim() ? { rule: 'required' as const, message: 'This value is required.' } : null;

  return (
    <aside
      className="lib-import"
      aria-label={intl.formatMessage({ id: 'library.backups.import' })}
      data-testid="import-sidebar"
    >
      <h2 className="lib-aside-title">
        <FormattedMessage id="library.backups.import" />
      </h2>
      <div
        role="tablist"
        className="lib-actions"
        aria-label={intl.formatMessage({ id: 'library.backups.restore' })}
      >
        {RESTORE_TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className="ag-button"
            onClick={() => setTab(key)}
            data-testid={`restore-tab-${key}`}
          >
            <FormattedMessage id={label} />
          </button>
        ))}
      </div>
      {tab === 'file' ? (
        <div role="tabpanel" className="lib-tabpanel">
          <div className="ag-field">
            <label className="ag-field-label" htmlFor="lib-restore-file">
              <FormattedMessage id="library.backups.archive" />
            </label>
            <FileInput
              id="lib-restore-file"
              file={file}
              accept=".tar.gz,application/gzip"
              data-testid="restore-file"
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null;
                if (f && !f.name.toLowerCase().endsWith('.tar.gz')) {
                  setFile(null);
                  setFileError(intl.formatMessage({ id: 'library.backups.tarGzOnly' }));
                } else {
                  setFile(f);
                  setFileError(null);
                }
              }}
            />
            {fileError && (
              <div className="ag-field-error" role="alert">
                {fileError}
              </div>
            )}
          </div>
          <button
            type="button"
            className="ag-button ag-button-primary"
            onClick={() => void fromFile()}
            disabled={busy}
            data-testid="restore-file-submit"
          >
            <FormattedMessage id="library.backups.restore" />
          </button>
        </div>
      ) : (
        <SubmitForm role="tabpanel" className="lib-tabpanel" onSubmit={fromApi}>
          {(['domain', 'api_client', 'api_secret'] as const).map((name) => (
            <TextField
              key={name}
              name={name}
              required
              label={<FormattedMessage id={`library.backups.${name}`} />}
              value={remote[name]}
              onChange={(v) => setRemote((r) => ({ ...r, [name]: v }))}
              error={required(remote[name])}
              type={name === 'api_secret' ? 'password' : 'text'}
              autoComplete="off"
            />
          ))}
          <button
            type="submit"
            className="ag-button ag-button-primary"
            disabled={busy}
            data-testid="restore-api-submit"
          >
            <FormattedMessage id="library.backups.restore" />
          </button>
        </SubmitForm>
      )}
      {progress !== null && (
        <UploadProgressModal progress={progress} onCancel={() => abort.current?.abort()} />
      )}
    </aside>
  );
}

function Backups() {
  const intl = useIntl();
  const notify = useNotify();
  const confirm = useConfirm();
  const { data, error, isLoading, mutate } = useApiGet('/api/libraryExport', {});
  const [job, setJob] = useState<{ kind: JobKind; id: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The API secret is shown once, in the answer of enable-api (the list always has null): kept for this visit.
  const [secrets, setSecrets] = useState<Record<string, string>>({});

  const fail = useCallback((e: unknown) => notify({ type: 'warning', body: errorMessageId(e) }), [notify]);

  const startExport = async () => {
    setBusy(true);
    try {
      const { job: id } = await client.POST('/api/libraryExport');
      setJob({ kind: 'export', id: String(id) });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const restore = async (b: BackupAnswer) => {
    if (
      !(await confirm({
        title: intl.formatMessage({ id: 'library.backups.restoreConfirm' }, { name: b.filename }),
      }))
    )
      return;
    try {
      const { job: id } = await client.PUT(
        '/api/libraryExport/scope/restore-from-server-file/filename/{filename}',
        {
          params: { path: { filename: b.filename } },
        },
      );
      setJob({ kind: 'restore', id: String(id) });
    } catch {
      notify({ type: 'danger', body: 'library restore failed' });
    }
  };

  const toggleApi = async (b: BackupAnswer) => {
    const action = b.api_enabled ? 'disable-api' : 'enable-api';
    try {
      const answer = await client.PUT(`/api/libraryExport/scope/${action}/filename/{filename}`, {
        params: { path: { filename: b.filename } },
      });
      setSecrets((s) => {
        const next = { ...s };
        if (answer?.api_secret) next[b.filename] = answer.api_secret;
        else delete next[b.filename];
        return next;
      });
      notify({ type: 'success', body: 'successful update' });
      await mutate();
    } catch (e) {
      fail(e);
    }
  };

  const copySecret = async (b: BackupAnswer) => {
    try {
      await navigator.clipboard.writeText(secrets[b.filename] ?? b.api_secret ?? '');
      notify({ type: 'info', body: 'api secret copied to clipboard' });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
  };

  const drop = async (b: BackupAnswer) => {
    if (!(await confirm({ title: 'drop confirm', body: 'do you wish to continue' }))) return;
    try {
      await client.DELETE('/api/libraryExport/filename/{filename}', {
        params: { path: { filename: b.filename } },
      });
      notify({ type: 'success', body: 'data deleted' });
      await mutate();
    } catch (e) {
      fail(e);
    }
  };

  const onJobEnd = (result: BackupJobAnswer | null) => {
    const kind = job?.kind;
    setJob(null);
    if (kind === 'restore') {
      if (result?.state === 'done') notify({ type: 'success', body: 'library restored' });
      else if (result?.error)
        // the server's reason (an unreachable server, a refused key, a bad archive), read for twice as long
        notify({
          type: 'danger',
          body: intl.formatMessage(
            { id: 'library.backups.restoreFailedReason' },
            { reason: intl.formatMessage({ id: errorMessageId(result) }) },
          ),
          duration: 2,
        });
      else notify({ type: 'danger', body: 'library restore failed' });
    } else if (result?.state === 'done') {
      notify({ type: 'success', body: intl.formatMessage({ id: 'library.backups.exported' }) });
    } else {
      notify({ type: 'danger', body: errorMessageId(result) });
    }
    void mutate();
  };

  return (
    <LibraryLayout
      title={<FormattedMessage id="library.backups.title" />}
      actions={
        <button
          type="button"
          className="ag-button ag-button-primary"
          onClick={() => void startExport()}
          disabled={busy}
          data-testid="backup-export"
        >
          <FormattedMessage id="library.backups.export" />
        </button>
      }
    >
      <div className="lib-two-col lib-backups">
        <div>
          <Loaded error={error} isLoading={isLoading} data={data}>
            {(data) => (
              <DataTable
                caption={<FormattedMessage id="library.backups.title" />}
                rows={data}
                rowKey={(b) => b.filename}
                rowTestId="backup-row"
                empty={<FormattedMessage id="library.backups.empty" />}
                columns={[
                  {
                    key: 'created',
                    header: <FormattedMessage id="library.backups.created" />,
                    cell: (b) => <DateText value={b.created} withTime />,
                  },
                  {
                    key: 'size',
                    header: <FormattedMessage id="library.backups.size" />,
                    cell: (b) => formatSize(b.size),
                  },
                  { key: 'items', header: <FormattedMessage id="library.views.items" /> },
                  {
                    key: 'source',
                    header: <FormattedMessage id="library.backups.source" />,
                    cell: (b) => <SourceText source={b.source} />,
                  },
                  {
                    key: 'restored_date',
                    header: <FormattedMessage id="library.backups.restored" />,
                    cell: (b) => <DateText value={b.restored_date} withTime />,
                  },
                  {
                    key: 'actions',
                    header: <FormattedMessage id="library.actions" />,
                    cell: (b) => (
                      <span className="lib-actions">
                        <a
                          href={apiUrl(`libraryExport/download/${encodeURIComponent(b.filename)}`)}
                          download
                          data-testid="backup-download"
                        >
                          <FormattedMessage id="library.download" />
                        </a>
                        <button
                          type="button"
                          className="lib-link-button"
                          onClick={() => void restore(b)}
                          data-testid="backup-restore"
                        >
                          <FormattedMessage id="library.backups.restore" />
                        </button>
                        <button
                          type="button"
                          className="lib-link-button"
                          onClick={() => void toggleApi(b)}
                          aria-pressed={b.api_enabled}
                          data-testid="backup-api"
                        >
                          <FormattedMessage
                            id={b.api_enabled ? 'library.backups.disableApi' : 'library.backups.enableApi'}
                          />
                        </button>
                        {b.api_enabled && (
                          <span className="lib-api-client" data-testid="backup-api-client">
                            {b.api_client}
                          </span>
                        )}
                        {b.api_enabled && (secrets[b.filename] ?? b.api_secret) && (
                          <>
                            <button
                              type="button"
                              className="lib-link-button"
                              onClick={() => void copySecret(b)}
                              data-testid="backup-copy-secret"
                            >
                              <FormattedMessage id="library.backups.copySecret" />
                            </button>
                          </>
                        )}
                        <button
                          type="button"
                          className="lib-link-button"
                          onClick={() => void drop(b)}
                          data-testid="backup-delete"
                        >
                          <FormattedMessage id="library.delete" />
                        </button>
                      </span>
                    ),
                  },
                ]}
              />
            )}
          </Loaded>
        </div>
        <RestorePanel onJob={(id) => setJob({ kind: 'restore', id })} />
      </div>
      {job && <JobModal key={job.id} kind={job.kind} id={job.id} onEnd={onJobEnd} />}
    </LibraryLayout>
  );
}

/** /admin/library/export: backups, for the highest admin role only (others see the permission message). */
export default function BackupsPage() {
  return (
    <Permission
      roles="admin"
      fallback={
        <LibraryLayout title={<FormattedMessage id="library.backups.title" />}>
          <p className="ag-error" role="alert" data-testid="permission-denied">
            <FormattedMessage id="library.denied" />
          </p>
        </LibraryLayout>
      }
    >
      <Backups />
    </Permission>
  );
}

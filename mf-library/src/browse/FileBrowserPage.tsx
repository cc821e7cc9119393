import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { apiUrl, client, DataTable, DateText, Loaded, Modal, useApiGet, useNotify } from '@agora/platform';
import type { DeleteFileBody, FileBrowserListingAnswer } from '@agora/contracts/api';
import { useDelete } from '../common/useDelete';

/** A file or folder of a listing. */
export type DirEntry = FileBrowserListingAnswer['content'][number];

// The file browser's calls use its documented path, `/api/fileBrowser`; a download is a link, served as
// `?action=fileBrowser&download=…` on the API root (the library rewrites it to the same path).
export const downloadUrl = (path: string) =>
  apiUrl(`?action=fileBrowser&download=${encodeURIComponent(path)}`);
const PREVIEWABLE = /\.(png|jpe?g|gif|webp|svg|pdf)$/i;

function size(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function FolderIcon() {
  return (
    <svg className="lib-folder-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M1 3h5l1.5 2H15v8H1z" fill="currentColor" />
    </svg>
  );
}

/** The row's context menu: preview, download, delete. */
function EntryMenu({
  entry,
  onPreview,
  onDelete,
  open,
  onToggle,
}: {
  entry: DirEntry;
  onPreview: () => void;
  onDelete: () => void;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const intl = useIntl();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onToggle(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onToggle]);
  return (
    <div className="lib-menu">
      <button
        type="button"
        className="ag-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={intl.formatMessage({ id: 'library.browse.menu' }, { name: entry.name })}
        onClick={() => onToggle(!open)}
        data-testid="entry-menu"
      >
        ⋮
      </button>
      {open && (
        <ul role="menu" className="lib-menu-list">
          {entry.type === 'file' && PREVIEWABLE.test(entry.name) && (
            <li role="none">
              <button type="button" role="menuitem" onClick={onPreview} data-testid="entry-preview">
                <FormattedMessage id="library.browse.preview" />
              </button>
            </li>
          )}
          {entry.type === 'file' && (
            <li role="none">
              <a
                role="menuitem"
                href={downloadUrl(entry.path)}
                download={entry.name}
                data-testid="entry-download"
              >
                <FormattedMessage id="library.download" />
              </a>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={onDelete} data-testid="entry-delete">
              <FormattedMessage id="library.delete" />
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/**
 * /admin/browse[?dir=<folder>]: the file browser (admin): breadcrumb, name/size/modified/actions, directories open
 * on click. The folder is in the URL, so a link can name it and Back/Forward go through the folders visited.
 */
export default function FileBrowserPage() {
  const intl = useIntl();
  const notify = useNotify();
  const del = useDelete();
  const [params, setParams] = useSearchParams();
  const dir = params.get('dir') ?? '';
  const [menu, setMenu] = useState<string | null>(null);
  const [preview, setPreview] = useState<DirEntry | null>(null);
  const setDir = (next: string) => {
    setMenu(null);
    setParams(next ? { dir: next } : {});
  };
  const { data, error, isLoading, mutate } = useApiGet('/api/fileBrowser', { params: { query: { dir } } });

  useEffect(() => {
    if (error) notify({ type: 'warning', body: 'action denied' });
  }, [error, notify]);

  const remove = (entry: DirEntry) => {
    setMenu(null);
    const body: DeleteFileBody = { path: entry.path };
    return del(() => client.DELETE('/api/fileBrowser', { body }), mutate);
  };

  return (
    <section className="lib-page" data-testid="file-browser" data-remote-version={__APP_VERSION__}>
      <div className="ag-page-header">
        <h1>
          <FormattedMessage id="library.browse.title" />
        </h1>
      </div>
      <nav aria-label={intl.formatMessage({ id: 'library.browse.breadcrumb' })}>
        <ol className="lib-breadcrumb" data-testid="breadcrumb">
          <li>
            <button type="button" className="lib-link-button" onClick={() => setDir('')}>
              <FormattedMessage id="library.browse.root" />
            </button>
          </li>
          {(data?.breadcrumb ?? [])
            .filter((b) => b.path)
            .map((b, i, all) => (
              <li key={b.path}>
                {i === all.length - 1 ? (
                  <span aria-current="page">{b.name}</span>
                ) : (
                  <button type="button" className="lib-link-button" onClick={() => setDir(b.path)}>
                    {b.name}
                  </button>
                )}
              </li>
            ))}
        </ol>
      </nav>
      <Loaded error={error} isLoading={isLoading} data={data}>
        {(data) => (
          <DataTable
            caption={<FormattedMessage id="library.browse.title" />}
            rows={data.content}
            rowKey={(e) => e.path}
            rowTestId="file-row"
            columns={[
              {
                key: 'name',
                header: <FormattedMessage id="library.browse.name" />,
                cell: (e) => (
                  <span
                    className="lib-entry"
                    onContextMenu={(ev) => {
                      ev.preventDefault();
                      setMenu(e.path);
                    }}
                  >
                    {e.type === 'dir' ? (
                      <button
                        type="button"
                        className="lib-link-button"
                        onClick={() => setDir(e.path)}
                        data-testid="dir-open"
                      >
                        <FolderIcon />
                        {e.name}
                      </button>
                    ) : (
                      <span className="lib-entry-name">{e.name}</span>
                    )}
                  </span>
                ),
              },
              {
                key: 'size',
                header: <FormattedMessage id="library.backups.size" />,
                cell: (e) => (e.type === 'dir' ? '' : size(e.size)),
              },
              {
                key: 'modified',
                header: <FormattedMessage id="library.browse.modified" />,
                cell: (e) => <DateText value={e.modified} withTime />,
              },
              {
                key: 'actions',
                header: <FormattedMessage id="library.actions" />,
                cell: (e) => (
                  <EntryMenu
                    entry={e}
                    open={menu === e.path}
                    onToggle={(o) => setMenu(o ? e.path : null)}
                    onPreview={() => {
                      setMenu(null);
                      setPreview(e);
                    }}
                    onDelete={() => void remove(e)}
                  />
                ),
              },
            ]}
          />
        )}
      </Loaded>
      {preview && (
        <div className="lib-wide-modal">
          <Modal title={preview.name} onClose={() => setPreview(null)} testId="file-preview">
            {/\.pdf$/i.test(preview.name) ? (
              <iframe className="lib-preview-frame" src={downloadUrl(preview.path)} title={preview.name} />
            ) : (
              <img className="lib-detail-image" src={downloadUrl(preview.path)} alt={preview.name} />
            )}
            <div className="ag-modal-actions">
              <button type="button" className="ag-button" onClick={() => setPreview(null)}>
                <FormattedMessage id="library.close" />
              </button>
            </div>
          </Modal>
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DocumentationAnswer } from '@agora/contracts/api';
import { client, DataTable, ErrorFromCall, Loading, useNotify } from '@agora/platform';
import { usePagedList } from '@agora/library-ui';
import { LibraryLayout } from '../common/LibraryLayout';
import { useHref } from '../common/base';
import { DeleteButton } from '../common/DeleteButton';
import { LoadMore } from '../common/LoadMore';
import { DocumentationModal } from './DocumentationModal';

/**
 * /admin/library/documentation: URI, title and actions (open, copy link, and edit and delete where the answer says
 * the user may: `can_edit`, `can_delete`),
 * load more, add/edit modal.
 */
export default function DocumentationPage() {
  const intl = useIntl();
  const href = useHref();
  const notify = useNotify();
  const list = usePagedList(
    (page) => client.GET('/api/documentation/page/{page}', { params: { path: { page } } }),
    'documentation',
  );
  const [editing, setEditing] = useState<DocumentationAnswer | 'new' | null>(null);

  const linkOf = (doc: DocumentationAnswer) => href(`/documentation/${doc.uri.replace(/^\/+/, '')}`);
  const copy = async (doc: DocumentationAnswer) => {
    const url = new URL(linkOf(doc), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      notify({ type: 'info', body: intl.formatMessage({ id: 'library.docs.copied' }) });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
  };

  return (
    <LibraryLayout
      title={<FormattedMessage id="library.docs.title" />}
      actions={
        <button
          type="button"
          className="ag-button ag-button-primary"
          onClick={() => setEditing('new')}
          data-testid="documentation-add"
        >
          <FormattedMessage id="library.add" />
        </button>
      }
    >
      {list.error ? (
        <ErrorFromCall error={list.error} />
      ) : list.loading && list.items.length === 0 ? (
        <Loading />
      ) : (
        <DataTable
          caption={<FormattedMessage id="library.docs.title" />}
          rows={list.items}
          rowKey={(d) => d.uuid}
          rowTestId="documentation-row"
          empty={<FormattedMessage id="library.docs.empty" />}
          columns={[
            { key: 'uri', header: <FormattedMessage id="library.docs.uri" /> },
            { key: 'title', header: <FormattedMessage id="library.field.title" /> },
            {
              key: 'actions',
              header: <FormattedMessage id="library.actions" />,
              cell: (d) => (
                <span className="lib-actions">
                  <a
                    href={linkOf(d)}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="documentation-open"
                  >
                    <FormattedMessage id="library.docs.open" />
                  </a>
                  <button type="button" className="lib-link-button" onClick={() => void copy(d)}>
                    <FormattedMessage id="library.docs.copy" />
                  </button>
                  {d.can_edit && (
                    <button
                      type="button"
                      className="lib-link-button"
                      onClick={() => setEditing(d)}
                      data-testid="documentation-edit"
                    >
                      <FormattedMessage id="library.edit" />
                    </button>
                  )}
                  {d.can_delete && (
                    <DeleteButton
                      send={() =>
                        client.DELETE('/api/documentation/uuid/{uuid}', {
                          params: { path: { uuid: d.uuid } },
                        })
                      }
                      onDeleted={list.reload}
                      testId="documentation-delete"
                    />
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      <LoadMore list={list} testId="load-more" />
      {editing && (
        <DocumentationModal
          key={editing === 'new' ? 'new' : editing.uuid}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </LibraryLayout>
  );
}

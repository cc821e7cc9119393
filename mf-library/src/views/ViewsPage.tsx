import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { client, DataTable, ErrorFromCall, Loading } from '@agora/platform';
import { usePagedList } from '@agora/library-ui';
import { LibraryLayout } from '../common/LibraryLayout';
import { useHref } from '../common/base';
import { DeleteButton } from '../common/DeleteButton';
import { LoadMore } from '../common/LoadMore';

/**
 * /admin/library/views: the library views; add and edit go to /admin/library/views/edit[/item/{uuid}]; edit and
 * delete are offered where the answer says the user may (`can_edit`, `can_delete`).
 */
export default function ViewsPage() {
  const href = useHref();
  const list = usePagedList(
    (page) => client.GET('/api/libraryView/page/{page}', { params: { path: { page } } }),
    'views',
  );
  return (
    <LibraryLayout
      title={<FormattedMessage id="library.views.title" />}
      actions={
        <Link
          className="ag-button ag-button-primary"
          to={href('/admin/library/views/edit')}
          data-testid="view-add"
        >
          <FormattedMessage id="library.add" />
        </Link>
      }
    >
      {list.error ? (
        <ErrorFromCall error={list.error} />
      ) : list.loading && list.items.length === 0 ? (
        <Loading />
      ) : (
        <DataTable
          caption={<FormattedMessage id="library.views.title" />}
          rows={list.items}
          rowKey={(v) => v.uuid}
          rowTestId="view-row"
          empty={<FormattedMessage id="library.views.empty" />}
          columns={[
            { key: 'uri', header: <FormattedMessage id="library.docs.uri" /> },
            { key: 'title', header: <FormattedMessage id="library.field.title" /> },
            {
              key: 'items',
              header: <FormattedMessage id="library.views.items" />,
              cell: (v) => String(v.items?.length ?? 0),
            },
            {
              key: 'actions',
              header: <FormattedMessage id="library.actions" />,
              cell: (v) => (
                <span className="lib-actions">
                  <a href={href(`/library/${v.uri}`)} target="_blank" rel="noopener noreferrer">
                    <FormattedMessage id="library.docs.open" />
                  </a>
                  {v.can_edit && (
                    <Link
                      to={href(`/admin/library/views/edit/item/${encodeURIComponent(v.uuid)}`)}
                      data-testid="view-edit"
                    >
                      <FormattedMessage id="library.edit" />
                    </Link>
                  )}
                  {v.can_delete && (
                    <DeleteButton
                      send={() =>
                        client.DELETE('/api/libraryView/uuid/{uuid}', { params: { path: { uuid: v.uuid } } })
                      }
                      onDeleted={list.reload}
                      testId="view-delete"
                    />
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      <LoadMore list={list} />
    </LibraryLayout>
  );
}

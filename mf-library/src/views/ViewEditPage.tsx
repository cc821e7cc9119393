import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import {
  LeaveGuard,
  Loaded,
  SubmitForm,
  TextArea,
  TextField,
  useApiGet,
  formAction,
  useForm,
  useNotify,
  errorMessageId,
} from '@agora/platform';
import type { LibraryViewAnswer } from '@agora/contracts/api';
import { LibrarySelectModal } from '@agora/library-ui';
import { LibraryLayout } from '../common/LibraryLayout';
import { useHref } from '../common/base';
import { NotEditable } from '../common/NotEditable';

interface ViewValues extends Record<string, string | string[]> {
  uri: string;
  title: string;
  description: string;
  items: string[];
}

function ViewForm({ view }: { view: LibraryViewAnswer | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const href = useHref();
  const notify = useNotify();
  const [picking, setPicking] = useState(false);
  const form = useForm<ViewValues>({
    scope: 'libraryView',
    mode: view ? 'put' : 'post',
    fields: ['uri', 'title', 'description'],
    initial: {
      uri: view?.uri ?? '',
      title: view?.title ?? '',
      description: view?.description ?? '',
      items: view?.items ?? [],
    },
    action: view
      ? formAction('/api/libraryView/uuid/{uuid}', { params: { path: { uuid: view.uuid } } })
      : formAction('/api/libraryView'),
  });
  const ids = form.values.items;
  const { data: chosen } = useApiGet(
    '/api/library/uuid/{uuids}',
    ids.length > 0 ? { params: { path: { uuids: ids.join(';') } } } : null,
  );

  const submit = async () => {
    const result = await form.submit<LibraryViewAnswer>();
    if (result.ok) {
      if (!result.sent) return;
      notify({ type: 'success', body: view ? 'successful update' : 'data posted' });
      if (!view && result.data?.uuid) {
        navigate(href(`/admin/library/views/edit/item/${encodeURIComponent(result.data.uuid)}`));
      }
    } else if (result.notify) {
      notify({
        type: 'warning',
        body: result.reason === 'invalid' ? result.message : errorMessageId(result.error),
      });
    }
  };

  return (
    <SubmitForm className="lib-form" data-testid="view-form" onSubmit={submit}>
      <TextField {...form.field<string>('uri')} label={<FormattedMessage id="library.docs.uri" />} />
      <TextField {...form.field<string>('title')} label={<FormattedMessage id="library.field.title" />} />
      <TextArea
        {...form.field<string>('description')}
        rows={5}
        label={<FormattedMessage id="library.field.description" />}
      />
      <fieldset className="ag-field">
        <legend className="ag-field-label">
          <FormattedMessage id="library.views.items" />
        </legend>
        {ids.length === 0 ? (
          <p>
            <FormattedMessage id="library.views.noItems" />
          </p>
        ) : (
          <ul className="lib-thumbs" data-testid="view-items">
            {ids.map((id) => {
              const item = chosen?.find((i) => i.uuid === id);
              return (
                <li key={id} data-testid="view-item">
                  {item && <img src={item.thumbnail ?? item.resource} alt={item.alt_text || item.title} />}
                  <span>{item?.title ?? id}</span>{' '}
                  <button
                    type="button"
                    className="lib-link-button"
                    onClick={() =>
                      form.setValue(
                        'items',
                        ids.filter((x) => x !== id),
                      )
                    }
                    aria-label={intl.formatMessage(
                      { id: 'library.views.remove' },
                      { title: item?.title ?? id },
                    )}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button type="button" className="ag-button" onClick={() => setPicking(true)} data-testid="view-pick">
          <FormattedMessage id="library.views.pick" />
        </button>
      </fieldset>
      <button
        type="submit"
        className="ag-button ag-button-primary"
        data-testid="view-submit"
        disabled={form.status === 'sending'}
      >
        <FormattedMessage id="library.save" />
      </button>
      {picking && (
        <LibrarySelectModal
          multiple
          selected={ids}
          onClose={() => setPicking(false)}
          onAccept={(items) => {
            setPicking(false);
            form.setValue(
              'items',
              items.map((i) => i.uuid),
            );
          }}
        />
      )}
      <LeaveGuard when={form.dirty && form.status !== 'sending'} />
    </SubmitForm>
  );
}

/**
 * /admin/library/views/edit[/item/{uuid}]: uri, title, description and items picked from the library; a view the
 * answer says the user may not edit shows why instead of the form.
 */
export default function ViewEditPage() {
  const { uuid } = useParams();
  const { data, error, isLoading } = useApiGet(
    '/api/libraryView/uuid/{uuid}',
    uuid ? { params: { path: { uuid } } } : null,
  );
  return (
    <LibraryLayout title={<FormattedMessage id={uuid ? 'library.views.edit' : 'library.views.add'} />}>
      {!uuid ? (
        <ViewForm key="new" view={null} />
      ) : (
        <Loaded error={error} isLoading={isLoading} data={data}>
          {(data) => (!data.can_edit ? <NotEditable /> : <ViewForm key={data.uuid} view={data} />)}
        </Loaded>
      )}
    </LibraryLayout>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { LibraryItemAnswer } from '@agora/contracts/api';
import {
  ApiError,
  ErrorFromCall,
  LeaveGuard,
  Loading,
  SubmitForm,
  TextArea,
  TextField,
  useApiGet,
  useForm,
  useNotify,
  errorMessageId,
} from '@agora/platform';
import {
  TagInput,
  UploadCanceledError,
  UploadProgressModal,
  uploadTarget,
  uploadWithProgress,
} from '@agora/library-ui';
import { LibraryLayout } from '../common/LibraryLayout';
import { useHref } from '../common/base';
import { NotEditable } from '../common/NotEditable';

const FIELDS = ['title', 'alt_text', 'description', 'tooltip', 'documentation'] as const;

interface UploadValues extends Record<string, string | string[]> {
  title: string;
  alt_text: string;
  description: string;
  tooltip: string;
  documentation: string;
  tags: string[];
}

const EMPTY: UploadValues = {
  title: '',
  alt_text: '',
  description: '',
  tooltip: '',
  documentation: '',
  tags: [],
};

function valuesOf(item: LibraryItemAnswer): UploadValues {
  return {
    title: item.title ?? '',
    alt_text: item.alt_text ?? '',
    description: item.description ?? '',
    tooltip: item.tooltip ?? '',
    documentation: item.documentation ?? '',
    tags: item.tags ?? [],
  };
}

const RECENT = { limit: '5', method: 'DESC' };

/** `library/limit/5[/taglist/a;b]/sort/created/sort_method/DESC` */
function useRecent(tags: readonly string[]) {
  const byTags = useApiGet(
    '/api/library/limit/{limit}/taglist/{tags}/sort/created/sort_method/{method}',
    tags.length > 0 ? { params: { path: { ...RECENT, tags: tags.join(';') } } } : null,
  );
  const all = useApiGet(
    '/api/library/limit/{limit}/sort/created/sort_method/{method}',
    tags.length > 0 ? null : { params: { path: RECENT } },
  );
  return tags.length > 0 ? byTags : all;
}

/**
 * The 5 most recent images with the form's tags (all images when it has none); when none has the tags, it says so
 * rather than calling the library empty.
 */
function RecentImages({ tags }: { tags: readonly string[] }) {
  const intl = useIntl();
  const href = useHref();
  const { data } = useRecent(tags);
  const values = data?.values ?? [];
  return (
    <aside aria-label={intl.formatMessage({ id: 'library.upload.recent' })} data-testid="recent-images">
      <h2 className="lib-aside-title">
        <FormattedMessage id="library.upload.recent" />
      </h2>
      {!data ? null : values.length === 0 ? (
        <p data-testid="recent-empty">
          <FormattedMessage id={tags.length > 0 ? 'library.gallery.noMatch' : 'library.gallery.empty'} />
        </p>
      ) : (
        <ul className="lib-recent">
          {values.slice(0, 5).map((item) => (
            <li key={item.uuid} data-testid="recent-item">
              <Link to={href(`/admin/library/upload/item/${encodeURIComponent(item.uuid)}`)}>
                <img src={item.thumbnail ?? item.resource} alt={item.alt_text || item.title} loading="lazy" />
                <span>{item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

function UploadForm({ item }: { item: LibraryItemAnswer | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const href = useHref();
  const notify = useNotify();
  const mode = item ? 'put' : 'post';
  const form = useForm<UploadValues>({
    scope: 'library',
    initial: item ? valuesOf(item) : EMPTY,
    mode,
    fields: FIELDS,
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setFileError(intl.formatMessage({ id: 'library.upload.imagesOnly' }));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = async () => {
    const ok = await form.validate();
    const missingFile = mode === 'post' && !file;
    if (missingFile) setFileError(intl.formatMessage({ id: 'platform.validation.required' }));
    if (!ok || missingFile) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    const body = new FormData();
    const send: Partial<UploadValues> = mode === 'put' ? form.changed : form.values;
    for (const [key, value] of Object.entries(send)) {
      body.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value ?? ''));
    }
    if (file) body.append('resource', file);
    if (mode === 'put' && !file && Object.keys(send).length === 0) {
      notify({ type: 'info', body: intl.formatMessage({ id: 'library.noChanges' }) });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const saved = await uploadWithProgress(
        item
          ? uploadTarget('PUT', '/api/library/uuid/{uuid}', { params: { path: { uuid: item.uuid } } })
          : uploadTarget('POST', '/api/library'),
        body,
        { onProgress: setProgress, signal: controller.signal },
      );
      setProgress(null);
      form.reset(valuesOf(saved));
      setFile(null);
      if (item) {
        notify({ type: 'success', body: 'successful update' });
      } else {
        notify({ type: 'success', body: 'data uploaded' });
        navigate(href(`/admin/library/upload/item/${encodeURIComponent(saved.uuid)}`));
      }
    } catch (e) {
      setProgress(null);
      if (e instanceof UploadCanceledError)
        notify({ type: 'warning', body: 'Operation canceled by the user.' });
      else notify({ type: 'warning', body: errorMessageId(e) });
    } finally {
      abort.current = null;
    }
  };

  const imageSrc = preview ?? item?.resource ?? null;
  return (
    <div className="lib-two-col">
      <SubmitForm className="lib-form" data-testid="upload-form" onSubmit={submit}>
        <TextField {...form.field<string>('title')} label={<FormattedMessage id="library.field.title" />} />
        <div className="ag-field">
          <span className="ag-field-label" id="lib-image-label">
            <FormattedMessage id="library.field.image" />
            {mode === 'post' && (
              <span className="ag-field-required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </span>
          <button
            type="button"
            className="lib-dropzone"
            aria-describedby="lib-image-label"
            onClick={() => input.current?.click()}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              pick(e.dataTransfer.files[0]);
            }}
            data-testid="image-area"
          >
            {imageSrc ? (
              <img
                src={imageSrc}
                alt={intl.formatMessage({ id: 'library.upload.preview' })}
                data-testid="image-preview"
              />
            ) : null}
            <span>
              <FormattedMessage id="library.upload.browse" />
            </span>
          </button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            name="resource"
            data-testid="image-input"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          {fileError && (
            <div className="ag-field-error" role="alert" data-testid="image-error">
              {fileError}
            </div>
          )}
        </div>
        <TagInput
          tags={form.values.tags}
          onChange={(tags) => form.setValue('tags', tags)}
          allowNew
          label={intl.formatMessage({ id: 'library.tags' })}
        />
        <TextArea
          {...form.field<string>('description')}
          rows={5}
          label={<FormattedMessage id="library.field.description" />}
        />
        <TextField
          {...form.field<string>('tooltip')}
          label={<FormattedMessage id="library.field.tooltip" />}
        />
        <TextField
          {...form.field<string>('documentation')}
          type="url"
          placeholder="http(s)://..."
          label={<FormattedMessage id="library.field.documentation" />}
        />
        <TextField
          {...form.field<string>('alt_text')}
          label={<FormattedMessage id="library.field.altText" />}
        />
        <button type="submit" className="ag-button ag-button-primary" data-testid="upload-submit">
          <FormattedMessage id={item ? 'library.save' : 'library.upload.submit'} />
        </button>
      </SubmitForm>
      <RecentImages tags={form.values.tags} />
      {progress !== null && (
        <UploadProgressModal progress={progress} onCancel={() => abort.current?.abort()} />
      )}
      <LeaveGuard when={(form.dirty || !!file) && progress === null} />
    </div>
  );
}

/**
 * /admin/library/upload[/item/{uuid}]: create or edit a library item; an item the answer says the user may not
 * edit shows why instead of the form.
 */
export default function UploadPage() {
  const { uuid } = useParams();
  const { data, error, isLoading } = useApiGet(
    '/api/library/uuid/{uuids}',
    uuid ? { params: { path: { uuids: uuid } } } : null,
  );
  const item = uuid ? (data?.[0] ?? null) : null;
  return (
    <LibraryLayout
      title={<FormattedMessage id={uuid ? 'library.upload.editTitle' : 'library.upload.title'} />}
    >
      {!uuid ? (
        <UploadForm key="new" item={null} />
      ) : error ? (
        <ErrorFromCall error={error} />
      ) : isLoading || !data ? (
        <Loading />
      ) : !item ? (
        <ErrorFromCall error={new ApiError(404, 'not found')} />
      ) : !item.can_edit ? (
        <NotEditable />
      ) : (
        <UploadForm key={item.uuid} item={item} />
      )}
    </LibraryLayout>
  );
}

import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  errorMessageId,
  FileInput,
  Modal,
  Select,
  SubmitForm,
  TextArea,
  TextField,
  useForm,
  useModalLeaveGuard,
  useNotify,
} from '@agora/platform';
import type { DocumentationAnswer } from '@agora/contracts/api';
import {
  UploadCanceledError,
  UploadProgressModal,
  uploadTarget,
  uploadWithProgress,
} from '@agora/library-ui';
import { RichTextEditor } from './RichTextEditor';

const ACCEPT = '.pdf,.doc,.docx';
const ALLOWED = /\.(pdf|docx?)$/i;

interface DocValues extends Record<string, string> {
  uri: string;
  title: string;
  comment: string;
  type: 'html' | 'resource';
  html: string;
}

/**
 * Add/edit a documentation entry: uri, title, comment, and either an html body (rich text) or a file
 * (.pdf/.doc/.docx, required on create). The type is fixed when editing; switching it clears the other part.
 * With unsaved changes, closing it (Esc, the backdrop, Cancel) or leaving the page asks first.
 */
export function DocumentationModal({
  entry,
  onClose,
  onSaved,
}: {
  entry: DocumentationAnswer | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const editing = !!entry;
  const form = useForm<DocValues>({
    scope: 'documentation',
    mode: editing ? 'put' : 'post',
    fields: ['uri', 'title', 'comment'],
    initial: {
      uri: entry?.uri ?? '',
      title: entry?.title ?? '',
      comment: entry?.comment ?? '',
      type: entry?.type ?? 'html',
      html: entry?.html ?? '',
    },
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const type = form.values.type;
  const requestClose = useModalLeaveGuard(form.dirty || file !== null, onClose);

  const switchType = (next: string) => {
    if (editing || (next !== 'html' && next !== 'resource')) return;
    form.setValue('type', next);
    if (next === 'html') {
      setFile(null);
      setFileError(null);
    } else {
      form.setValue('html', '');
    }
  };

  const submit = async () => {
    const ok = await form.validate();
    const needFile = !editing && type === 'resource' && !file;
    if (needFile) setFileError(intl.formatMessage({ id: 'platform.validation.required' }));
    if (!ok || needFile || fileError) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    const body = new FormData();
    const send = editing ? form.changed : form.values;
    for (const [k, v] of Object.entries(send)) {
      if (k === 'type' && editing) continue;
      if (k === 'html' && type !== 'html') continue;
      body.append(k, String(v ?? ''));
    }
    if (file) body.append('resource', file);
    if (editing && !file && [...body.keys()].length === 0) {
      onClose();
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      await uploadWithProgress(
        entry
          ? uploadTarget('PUT', '/api/documentation/uuid/{uuid}', { params: { path: { uuid: entry.uuid } } })
          : uploadTarget('POST', '/api/documentation'),
        body,
        { onProgress: setProgress, signal: controller.signal },
      );
      setProgress(null);
      notify({ type: 'success', body: editing ? 'successful update' : 'data posted' });
      onSaved();
    } catch (e) {
      setProgress(null);
      if (e instanceof UploadCanceledError)
        notify({ type: 'warning', body: 'Operation canceled by the user.' });
      else notify({ type: 'warning', body: errorMessageId(e) });
    }
  };

  return (
    <div className="lib-wide-modal">
      <Modal
        title={<FormattedMessage id={editing ? 'library.docs.edit' : 'library.docs.add'} />}
        onClose={requestClose}
        testId="documentation-modal"
      >
        <SubmitForm onSubmit={submit}>
          <Select
            name="type"
            label={<FormattedMessage id="library.docs.type" />}
            value={type}
            onChange={switchType}
            disabled={editing}
            options={[
              { value: 'html', label: intl.formatMessage({ id: 'library.docs.typeHtml' }) },
              { value: 'resource', label: intl.formatMessage({ id: 'library.docs.typeResource' }) },
            ]}
          />
          <TextField {...form.field<string>('uri')} label={<FormattedMessage id="library.docs.uri" />} />
          <TextField {...form.field<string>('title')} label={<FormattedMessage id="library.field.title" />} />
          <TextArea
            {...form.field<string>('comment')}
            rows={3}
            label={<FormattedMessage id="library.docs.comment" />}
          />
          {type === 'html' ? (
            <div className="ag-field">
              <span className="ag-field-label" id="lib-doc-html-label">
                <FormattedMessage id="library.docs.html" />
              </span>
              <RichTextEditor
                value={form.values.html}
                onChange={(html) => form.setValue('html', html)}
                labelId="lib-doc-html-label"
              />
            </div>
          ) : (
            <div className="ag-field">
              <label className="ag-field-label" htmlFor="lib-doc-file">
                <FormattedMessage id="library.docs.file" />
                {!editing && (
                  <span className="ag-field-required" aria-hidden="true">
                    {' '}
                    *
                  </span>
                )}
              </label>
              {entry?.filename && (
                <div className="ag-field-hint">
                  <FormattedMessage id="library.docs.current" values={{ name: entry.filename }} />
                </div>
              )}
              <FileInput
                id="lib-doc-file"
                file={file}
                accept={ACCEPT}
                data-testid="documentation-file"
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  if (f && !ALLOWED.test(f.name)) {
                    setFile(null);
                    setFileError(intl.formatMessage({ id: 'library.docs.fileTypes' }));
                  } else {
                    setFile(f);
                    setFileError(null);
                  }
                }}
              />
              {fileError && (
                <div className="ag-field-error" role="alert" data-testid="documentation-file-error">
                  {fileError}
                </div>
              )}
            </div>
          )}
          <div className="ag-modal-actions">
            <button
              type="button"
              className="ag-button"
              onClick={requestClose}
              data-testid="documentation-cancel"
            >
              <FormattedMessage id="library.cancel" />
            </button>
            <button type="submit" className="ag-button ag-button-primary" data-testid="documentation-submit">
              <FormattedMessage id="library.save" />
            </button>
          </div>
        </SubmitForm>
      </Modal>
      {progress !== null && (
        <UploadProgressModal progress={progress} onCancel={() => abort.current?.abort()} />
      )}
    </div>
  );
}

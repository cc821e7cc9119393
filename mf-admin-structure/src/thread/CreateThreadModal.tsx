import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  THREAD_MESSAGE_MIN,
  THREAD_TITLE_MIN,
  VALIDATION_MESSAGES,
  type ThreadScope,
} from '@agora/contracts';
import type { ThreadLinkAnswer } from '@agora/contracts/api';
import { client, Modal, SubmitForm, useNotify, errorMessageId } from '@agora/platform';

export interface CreateThreadModalProps {
  scope: ThreadScope;
  /** the token of the project, topic, attribute or variable */
  token: string;
  onCreated(r: ThreadLinkAnswer): void;
  onClose(): void;
}

/** A text input or textarea with a live character counter and its minimum-length error. */
function CountedField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  min: number;
  show: boolean;
  multiline?: boolean;
  testId: string;
}) {
  const id = useId();
  const length = props.value.trim().length;
  const invalid = props.show && length < props.min;
  const common = {
    id,
    className: `ag-input${invalid ? ' is-invalid' : props.show ? ' is-valid' : ''}`,
    value: props.value,
    'aria-required': true,
    'aria-invalid': props.show ? invalid : undefined,
    'aria-describedby': `${id}-counter${invalid ? ` ${id}-error` : ''}`,
    'data-testid': props.testId,
  } as const;
  return (
    <div className="ag-field">
      <label className="ag-field-label" htmlFor={id}>
        {props.label}
        <span className="ag-field-required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {props.multiline ? (
        <textarea {...common} rows={5} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => props.onChange(e.target.value)} />
      )}
      <div
        id={`${id}-counter`}
        className="ag-field-hint"
        aria-live="polite"
        data-testid={`${props.testId}-counter`}
      >
        <FormattedMessage id="structure.thread.counter" values={{ n: length, min: props.min }} />
      </div>
      {invalid && (
        <div id={`${id}-error`} className="ag-field-error">
          <FormattedMessage id="structure.thread.tooShort" values={{ min: props.min }} />
        </div>
      )}
    </div>
  );
}

/**
 * Creates the discussion thread of a project, topic, attribute or variable (spec part 2 §5: title at least 15
 * characters, message at least 20): `POST {scope}/createThread/{token}` with `{title, raw}`.
 */
export function CreateThreadModal({ scope, token, onCreated, onClose }: CreateThreadModalProps) {
  const intl = useIntl();
  const notify = useNotify();
  const [title, setTitle] = useState('');
  const [raw, setRaw] = useState('');
  const [touched, setTouched] = useState({ title: false, raw: false });
  const [sending, setSending] = useState(false);

  const submit = async () => {
    setTouched({ title: true, raw: true });
    if (title.trim().length < THREAD_TITLE_MIN || raw.trim().length < THREAD_MESSAGE_MIN) {
      notify({ type: 'warning', body: VALIDATION_MESSAGES.form });
      return;
    }
    setSending(true);
    try {
      const created = await client.POST('/api/{scope}/createThread/{token}', {
        params: { path: { scope, token } },
        body: { title: title.trim(), raw: raw.trim() },
      });
      notify({ type: 'success', body: 'data posted' });
      onCreated(created);
    } catch (e) {
      notify({ type: 'warning', body: errorMessageId(e) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title={<FormattedMessage id="structure.thread.title" />}
      onClose={onClose}
      testId="create-thread-modal"
    >
      <SubmitForm onSubmit={submit}>
        <CountedField
          label={intl.formatMessage({ id: 'structure.thread.topicTitle' })}
          value={title}
          onChange={(v) => {
            setTitle(v);
            setTouched((t) => ({ ...t, title: true }));
          }}
          min={THREAD_TITLE_MIN}
          show={touched.title}
          testId="thread-title"
        />
        <CountedField
          label={intl.formatMessage({ id: 'structure.thread.message' })}
          value={raw}
          onChange={(v) => {
            setRaw(v);
            setTouched((t) => ({ ...t, raw: true }));
          }}
          min={THREAD_MESSAGE_MIN}
          show={touched.raw}
          multiline
          testId="thread-message"
        />
        <div className="ag-modal-actions">
          <button
            type="submit"
            className="ag-button ag-button-primary"
            disabled={sending}
            data-testid="thread-create"
          >
            <FormattedMessage id="structure.thread.create" />
          </button>
          <button type="button" className="ag-button" onClick={onClose} data-testid="thread-cancel">
            <FormattedMessage id="structure.thread.cancel" />
          </button>
        </div>
      </SubmitForm>
    </Modal>
  );
}

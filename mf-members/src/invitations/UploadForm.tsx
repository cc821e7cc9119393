import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_INVITATION_MESSAGE, type InvitationValidateAnswer } from '@agora/contracts/api';
import { ApiError, client, errorMessageId, FileInput, Select, TextArea, useNotify } from '@agora/platform';
import { INVITATION_LOCALES, type InvitationLocale, type UploadState } from './types';

/** The server's refusals of the file itself (its type, its content): shown under the file field too. */
const FILE_REFUSALS = [
  'MAILING.CSV_TYPE',
  'MAILING.CSV_INVALID',
  'MAILING.CSV_COLUMNS',
  'MAILING.CSV_TOO_LARGE',
] as const;

/** Whether a chosen file is a .csv by its name (the server checks its name, type and content too). */
export function isCsvName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

export interface UploadFormProps {
  value: UploadState;
  onChange: (value: UploadState) => void;
  /** the dry run's report (a new file, or none, clears it: `null`) */
  onReport: (report: InvitationValidateAnswer | null) => void;
}

/**
 * The invitations form: a message, the mails' language and the required .csv file; Validate sends them to the dry
 * run (`POST /api/invitation/scope/validate`, multipart), which writes nothing and answers a report.
 */
export function UploadForm({ value, onChange, onReport }: UploadFormProps) {
  const intl = useIntl();
  const notify = useNotify();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chooseFile = (chosen: File | null) => {
    onReport(null);
    if (chosen && !isCsvName(chosen.name)) {
      setFile(null);
      setFileError('members.invitations.file.notCsv');
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
    setFileError(chosen ? null : 'members.invitations.file.required');
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setFileError('members.invitations.file.required');
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    const data = new FormData();
    data.append('message', value.message);
    data.append('locale', value.locale);
    data.append('file', file, file.name);
    setBusy(true);
    try {
      onReport(await client.POST('/api/invitation/scope/validate', { body: data }));
    } catch (error) {
      onReport(null);
      if (error instanceof ApiError && FILE_REFUSALS.some((code) => error.hasCode(code))) {
        setFileError(errorMessageId(error));
      }
      notify({ type: 'danger', body: errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mb-inv-form" onSubmit={onSubmit} noValidate data-testid="invitation-form">
      <TextArea
        name="message"
        label={<FormattedMessage id="members.invitations.message" />}
        hint={<FormattedMessage id="members.invitations.message.hint" />}
        value={value.message}
        onChange={(message) => onChange({ ...value, message: message.slice(0, MAX_INVITATION_MESSAGE) })}
        rows={4}
      />
      <Select
        name="locale"
        label={<FormattedMessage id="members.invitations.locale" />}
        value={value.locale}
        required
        onChange={(locale) => onChange({ ...value, locale: locale as InvitationLocale })}
        options={INVITATION_LOCALES.map((l) => ({
          value: l,
          label: intl.formatMessage({ id: `members.invitations.locale.${l}` }),
        }))}
      />
      <div className="ag-field">
        <label htmlFor={fileId} className="ag-field-label">
          <FormattedMessage id="members.invitations.file" />
          <span className="ag-field-required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <FileInput
          ref={input}
          id={fileId}
          file={file}
          accept=".csv"
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
          data-testid="invitation-file"
        />
        {fileError && (
          <div
            id={`${fileId}-error`}
            className="ag-field-error"
            role="alert"
            data-testid="invitation-file-error"
          >
            <FormattedMessage id={fileError} />
          </div>
        )}
      </div>
      <button
        type="submit"
        className="ag-button ag-button-primary"
        disabled={busy}
        data-testid="invitation-validate"
      >
        <FormattedMessage id={busy ? 'members.invitations.validating' : 'members.invitations.validate'} />
      </button>
    </form>
  );
}

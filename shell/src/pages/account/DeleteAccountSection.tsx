import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { ApiErrorCode } from '@agora/contracts';
import type { AccountDeletionPreview } from '@agora/contracts/api';
import {
  ApiError,
  client,
  errorMessageId,
  Loaded,
  PasswordField,
  rateLimitedText,
  TextField,
  useApiGet,
  useNotify,
  useSession,
} from '@agora/platform';

/** The refusals shown under the confirmation field. */
const FIELD_ERRORS: readonly ApiErrorCode[] = [
  'ACCOUNTS.WRONG_CURRENT_PASSWORD',
  'ACCOUNTS.WRONG_CONFIRMATION',
];

/** What deleting the account erases and keeps, as the server tells it, and the confirmation it asks for. */
function DeletionConfirm({ preview, onCancel }: { preview: AccountDeletionPreview; onCancel: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const { logout } = useSession();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byName = preview.confirm_with === 'username';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value) {
      setFieldError(intl.formatMessage({ id: 'shell.deleteAccount.required' }));
      return;
    }
    setBusy(true);
    try {
      await client.DELETE('/api/profile', { body: byName ? { username: value } : { password: value } });
      // the server ended the session: the local one ends too, then the front page with the notice; the account is
      // gone, so the answers kept on this device, which could never be sent, go without asking
      await logout({ ask: false });
      notify({ type: 'success', body: 'shell.deleteAccount.done' });
      navigate('/');
    } catch (error) {
      const code = error instanceof ApiError ? FIELD_ERRORS.find((c) => error.hasCode(c)) : undefined;
      if (code) setFieldError(intl.formatMessage({ id: `platform.error.${code}` }));
      else notify({ type: 'warning', body: rateLimitedText(intl, error) ?? errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  const field = {
    name: 'confirmation',
    value,
    onChange: (next: string) => {
      setFieldError(null);
      setValue(next);
    },
    required: true,
    errorText: fieldError,
  };
  return (
    <form className="sh-form" onSubmit={onSubmit} noValidate data-testid="delete-account-form">
      <p>
        <FormattedMessage id="shell.deleteAccount.erased" />
      </p>
      <ul data-testid="delete-account-erased">
        <li>
          <FormattedMessage
            id="shell.deleteAccount.erasedAccount"
            values={{ sessions: preview.sessions, enrolments: preview.enrolments }}
          />
        </li>
        <li>
          <FormattedMessage
            id="shell.deleteAccount.erasedProfile"
            values={{ count: preview.profile_answers }}
          />
        </li>
        <li>
          <FormattedMessage id="shell.deleteAccount.erasedFiles" values={{ count: preview.files }} />
        </li>
        <li>
          <FormattedMessage
            id="shell.deleteAccount.erasedLogins"
            values={{ count: preview.external_logins }}
          />
        </li>
      </ul>
      {preview.erased_projects.length > 0 && (
        <>
          <p>
            <FormattedMessage id="shell.deleteAccount.erasedProjects" />
          </p>
          <ul data-testid="delete-account-projects">
            {preview.erased_projects.map((p) => (
              <li key={p.token}>
                <FormattedMessage
                  id="shell.deleteAccount.project"
                  values={{ title: p.title, count: p.answers }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <p data-testid="delete-account-kept">
        <FormattedMessage
          id="shell.deleteAccount.kept"
          values={{ count: preview.kept_answers, likes: preview.likes, posts: preview.posts }}
        />
      </p>
      <fieldset className="sh-fieldset" disabled={busy}>
        {byName ? (
          <TextField
            {...field}
            autoComplete="off"
            label={<FormattedMessage id="shell.deleteAccount.username" />}
            hint={<FormattedMessage id="shell.deleteAccount.usernameHint" />}
          />
        ) : (
          <PasswordField
            {...field}
            autoComplete="current-password"
            label={<FormattedMessage id="shell.deleteAccount.password" />}
          />
        )}
        <div className="sh-row">
          <button type="submit" className="sh-button sh-button-danger" data-testid="delete-account-confirm">
            <FormattedMessage id="shell.deleteAccount.confirm" />
          </button>
          <button type="button" className="sh-button" onClick={onCancel} data-testid="delete-account-cancel">
            <FormattedMessage id="shell.deleteAccount.cancel" />
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * "Delete my account" on /profile (GDPR art. 17, decision 0088): first what happens, fetched from the server (what
 * is erased, the projects whose answers go too, how many answers stay detached), then the confirmation by the
 * current password (or the username, for an account with external logins); the session ends and the front page
 * says so.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const preview = useApiGet('/api/profile/deletion', open ? {} : null, { revalidateOnFocus: false });
  return (
    <section className="sh-panel" data-testid="delete-account">
      <h2>
        <FormattedMessage id="shell.deleteAccount.title" />
      </h2>
      <p>
        <FormattedMessage id="shell.deleteAccount.text" />
      </p>
      {open ? (
        <Loaded error={preview.error} isLoading={preview.isLoading} data={preview.data}>
          {(data) => <DeletionConfirm preview={data} onCancel={() => setOpen(false)} />}
        </Loaded>
      ) : (
        <p>
          <button
            type="button"
            className="sh-button sh-button-danger"
            onClick={() => setOpen(true)}
            data-testid="delete-account-open"
          >
            <FormattedMessage id="shell.deleteAccount.open" />
          </button>
        </p>
      )}
    </section>
  );
}

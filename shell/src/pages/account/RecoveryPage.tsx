import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  client,
  errorMessageId,
  NewPasswordFields,
  PageHeader,
  TextField,
  useForm,
  useNewPassword,
  useNotify,
} from '@agora/platform';
import { AccountForm } from './AccountForm';

/** /password_recovery: POST /api/recovery {username}. */
export function RecoveryPage() {
  const intl = useIntl();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  // spec part 1 §5: recovery requires a non-empty username
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await client.POST('/api/recovery', { body: { username: username.trim() } });
      setDone(true);
      notify({ type: 'success', body: 'you will soon receive your email' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        notify({ type: 'danger', body: 'user not found' });
      else notify({ type: 'danger', body: 'unknown error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sh-login" data-testid="recovery-page">
      <PageHeader title={<FormattedMessage id="shell.recovery.title" />} />
      <p>
        <FormattedMessage id="shell.recovery.text" />
      </p>
      <AccountForm
        name="recovery"
        titleId="shell.recovery.title"
        submitId="shell.recovery.submit"
        disabled={done || busy}
        onSubmit={onSubmit}
      >
        <TextField
          label={<FormattedMessage id="shell.login.username" />}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(value) => {
            setMissing(false);
            setUsername(value);
          }}
          errorText={missing ? intl.formatMessage({ id: 'platform.validation.required' }) : null}
        />
      </AccountForm>
      {done && (
        <p className="sh-success" role="status" data-testid="recovery-done">
          <FormattedMessage id="platform.msg.recoveryMailSent" />
        </p>
      )}
      <p>
        <Link to="/login">
          <FormattedMessage id="shell.recovery.back" />
        </Link>
      </p>
    </section>
  );
}

const NEW_PASSWORD = { password: '', password_repeat: '' };

/** /password_recovery/reset/:token: POST /api/recovery/reset {token, password}. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const notify = useNotify();
  // the new password follows the `users` rules of the server
  const form = useForm({ scope: 'users', initial: NEW_PASSWORD, mode: 'post', fields: ['password'] });
  const newPassword = useNewPassword(form);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<'form' | 'done'>('form');
  // a used, unknown or expired link: the message of its code, and a way to ask for a new one
  const [invalid, setInvalid] = useState<string | null>(null);

  if (invalid) {
    return (
      <section className="sh-login" data-testid="reset-page">
        <PageHeader title={<FormattedMessage id="shell.reset.title" />} />
        <div className="sh-form-error" role="alert" data-testid="reset-invalid">
          <p>
            <FormattedMessage id={invalid} />
          </p>
          <p>
            <Link to="/password_recovery">
              <FormattedMessage id="shell.reset.again" />
            </Link>
          </p>
        </div>
      </section>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await form.validate())) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    if (!newPassword.confirm()) return;
    setBusy(true);
    try {
      await client.POST('/api/recovery/reset', { body: { token, password: form.values.password } });
      setState('done');
      notify({ type: 'success', body: 'password changed' });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 410))
        setInvalid(errorMessageId(error));
      else notify({ type: 'warning', body: errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sh-login" data-testid="reset-page">
      <PageHeader title={<FormattedMessage id="shell.reset.title" />} />
      <AccountForm
        name="reset"
        titleId="shell.reset.title"
        submitId="shell.reset.submit"
        disabled={state === 'done' || busy}
        onSubmit={onSubmit}
      >
        <NewPasswordFields
          password={newPassword}
          label={<FormattedMessage id="shell.profile.newPassword" />}
          repeatLabel={<FormattedMessage id="shell.profile.passwordRepeat" />}
        />
      </AccountForm>
      {state === 'done' && (
        <p className="sh-success" role="status" data-testid="reset-done">
          <FormattedMessage id="platform.msg.passwordChanged" />{' '}
          <Link to="/login">
            <FormattedMessage id="shell.nav.login" />
          </Link>
        </p>
      )}
    </section>
  );
}

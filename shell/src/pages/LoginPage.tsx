import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Loading,
  RATE_LIMITED_MESSAGE,
  retryMinutesOf,
  useErrorMessage,
  useNotify,
  useSession,
  useSettings,
} from '@agora/platform';
import { homeFor, loginPageRedirectFor } from '../access';
import { CredentialFields, isWrongCredentials, useCredentials } from '../session/CredentialFields';

/** `/login?error=…`: why an external login or a login came back here (set by the accounts service). */
const LOGIN_ERRORS = ['oauth', 'oauth_email', 'inactive'] as const;
type LoginErrorCode = (typeof LOGIN_ERRORS)[number];

function loginErrorOf(value: string | null): LoginErrorCode | null {
  return (LOGIN_ERRORS as readonly string[]).includes(value ?? '') ? (value as LoginErrorCode) : null;
}

type Failure =
  { kind: 'credentials' } | { kind: 'limited'; minutes: number } | { kind: 'other'; message: string } | null;

/** External login links, shown per settings flags (spec part 1 §2). */
function ExternalLogins() {
  const { settings } = useSettings();
  const referrer = typeof window === 'undefined' ? '/' : window.location.href;
  const links = [
    settings.isGoogleAuthEnabled && {
      href: `/api/goauth?referrer=${encodeURIComponent(referrer)}`,
      label: <FormattedMessage id="shell.login.google" />,
      key: 'google',
    },
    settings.isFacebookAuthEnabled && {
      href: '/api/fblogin',
      label: <FormattedMessage id="shell.login.facebook" />,
      key: 'facebook',
    },
    settings.isOpenAuthEnabled && {
      href: '/api/oauth',
      label: settings.openAuthTitle ? (
        <FormattedMessage id="shell.login.with" values={{ name: settings.openAuthTitle }} />
      ) : (
        <FormattedMessage id="shell.login.openAuth" />
      ),
      key: 'oauth',
    },
  ].filter((l) => l !== false);
  if (links.length === 0) return null;
  return (
    <section className="sh-panel" data-testid="external-logins">
      <h2 className="sh-subtitle">
        <FormattedMessage id="shell.login.external" />
      </h2>
      <ul className="sh-external-logins">
        {links.map((l) => (
          <li key={l.key}>
            <a className="sh-button" href={l.href} data-testid={`login-${l.key}`}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignUpPanel() {
  const { settings } = useSettings();
  if (!settings.registration) return null;
  return (
    <section className="sh-panel" data-testid="signup-panel">
      <h2 className="sh-subtitle">
        <FormattedMessage id="shell.signup.title" />
      </h2>
      <p>
        <FormattedMessage id="shell.signup.text" />
      </p>
      <Link to="/register" className="sh-button" data-testid="signup-link">
        <FormattedMessage id="shell.signup.action" />
      </Link>
    </section>
  );
}

export function LoginPage() {
  const { user, status, login } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorMessage();
  const [params] = useSearchParams();
  const loginError = loginErrorOf(params.get('error'));
  const back = params.get('next');
  const { username, password, setPassword, fields } = useCredentials();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const id = useId();

  if (status === 'pending') return <Loading />;
  // Spec: a logged-in admin/editor/reviewer goes to the dashboard, an authorized user to the root; guests see the form.
  const away = user && !busy ? loginPageRedirectFor(user.role, back) : null;
  if (away) return <Navigate to={away} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const next = await login(username, password);
      navigate(homeFor(next.role, back), { replace: true });
    } catch (error) {
      const minutes = retryMinutesOf(error);
      if (minutes !== null) {
        setFailure({ kind: 'limited', minutes });
      } else if (isWrongCredentials(error)) {
        setFailure({ kind: 'credentials' });
        notify({ type: 'warning', body: 'wrong credentials' });
      } else {
        setFailure({ kind: 'other', message: errorText(error) });
      }
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sh-login" data-testid="login-page">
      <h1>
        <FormattedMessage id="shell.login.title" />
      </h1>
      {loginError && (
        <p className="sh-form-error sh-login-warning" role="alert" data-testid="login-warning">
          <FormattedMessage id={`shell.login.error.${loginError}`} />
        </p>
      )}
      <form
        className="sh-form"
        onSubmit={onSubmit}
        data-testid="login-form"
        aria-describedby={failure ? `${id}-error` : undefined}
      >
        <CredentialFields id={id} {...fields} />
        {failure && (
          <p id={`${id}-error`} className="sh-form-error" role="alert" data-testid="login-error">
            {failure.kind === 'credentials' ? (
              <FormattedMessage id="shell.login.wrongCredentials" />
            ) : failure.kind === 'limited' ? (
              <FormattedMessage id={RATE_LIMITED_MESSAGE} values={{ minutes: failure.minutes }} />
            ) : (
              <FormattedMessage id="shell.login.failed" values={{ message: failure.message }} />
            )}
          </p>
        )}
        <button
          type="submit"
          className="sh-button sh-button-primary"
          disabled={busy}
          data-testid="login-submit"
        >
          <FormattedMessage id="shell.login.submit" />
        </button>
        <p>
          <Link to="/password_recovery" data-testid="recovery-link">
            <FormattedMessage id="shell.login.forgot" />
          </Link>
        </p>
      </form>
      <ExternalLogins />
      <SignUpPanel />
    </section>
  );
}

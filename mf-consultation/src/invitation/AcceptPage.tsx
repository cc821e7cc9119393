import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { InvitationAcceptAnswer, InvitationHashAnswer, OAuthProvider } from '@agora/contracts/api';
import {
  ApiError,
  client,
  errorMessageId,
  ErrorFromCall,
  GENERIC_ERROR_MESSAGE,
  Loading,
  PageHeader,
  PasswordField,
  TextField,
  useApiGet,
  useForm,
  useNotify,
  useSession,
  useSettings,
} from '@agora/platform';
import './invitation.css';

/** The external login that each provider starts (the accounts service's routes), back to `referrer` after it. */
const PROVIDER_PATHS: Readonly<Record<OAuthProvider, string>> = {
  open: '/api/oauth',
  google: '/api/goauth',
  facebook: '/api/fblogin',
};

/** The start of an external login that comes back to `referrer`. */
export function providerHref(provider: OAuthProvider, referrer: string): string {
  return `${PROVIDER_PATHS[provider]}?referrer=${encodeURIComponent(referrer)}`;
}

/** Why the invitation cannot be accepted: unknown, expired, or already accepted. */
type Closed = 'unknown' | 'expired' | 'accepted';

function closedOf(error: unknown): Closed | null {
  if (!(error instanceof ApiError)) return null;
  if (error.hasCode('MAILING.INVITATION_ACCEPTED')) return 'accepted';
  if (error.status === 410 || error.hasCode('MAILING.INVITATION_EXPIRED')) return 'expired';
  if (error.status === 404) return 'unknown';
  return null;
}

/** 409 on accepting: the e-mail is not the invited one (spec: 'email does not correspond to invitation'). */
function isWrongEmail(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.hasCode('MAILING.INVITATION_EMAIL') || (error.status === 409 && !error.code))
  );
}

/** The accept answer; `username` (the account's user name, chosen by the server) lets the page log in at once. */
type AcceptAnswer = InvitationAcceptAnswer & { username?: string };

const EMPTY = { email: '', password: '', password_repeat: '' };

/**
 * /invitation/accept/{hash}: the invitee's welcome page (anonymous). They confirm the invited e-mail and choose a
 * password (the `users` rules), or, invited with OAuth, confirm the e-mail and then log in with an external
 * login; the account and its enrolments are created in one step. A logged-in user is sent to /.
 */
export default function AcceptPage({ basePath = '' }: { basePath?: string }) {
  const { hash = '' } = useParams();
  const { user, status, login } = useSession();
  const [done, setDone] = useState(false);
  /** the invitation turned out closed when accepting (expired or accepted meanwhile) */
  const [closedOnSend, setClosedOnSend] = useState<Closed | null>(null);
  const { data, error } = useApiGet(
    '/api/invitation/hash/{hash}',
    status === 'loggedOut' ? { params: { path: { hash } } } : null,
  );
  if (status === 'pending') return <Loading />;
  if (user && !done) return <Navigate to={`${basePath}/`} replace />;
  const closed: Closed | null = closedOnSend
    ? closedOnSend
    : error
      ? closedOf(error)
      : data?.accepted
        ? 'accepted'
        : data?.expired
          ? 'expired'
          : null;
  return (
    <section
      className="cons-invitation"
      data-testid="mf-consultation-page"
      data-remote-version={__APP_VERSION__}
    >
      <PageHeader title={<FormattedMessage id="consultation.invitation.title" />} />
      {closed ? (
        <ClosedInvitation reason={closed} basePath={basePath} />
      ) : error ? (
        <ErrorFromCall error={error} />
      ) : !data ? (
        <Loading />
      ) : (
        <AcceptForm
          hash={hash}
          invitation={data}
          basePath={basePath}
          login={login}
          onAccepted={() => setDone(true)}
          onClosed={setClosedOnSend}
        />
      )}
    </section>
  );
}

const CLOSED_MESSAGES: Readonly<Record<Closed, string>> = {
  unknown: 'consultation.invitation.unknown',
  expired: 'consultation.invitation.expired',
  accepted: 'consultation.invitation.alreadyAccepted',
};

function ClosedInvitation({ reason, basePath }: { reason: Closed; basePath: string }) {
  return (
    <div className="cons-invitation-closed" role="alert" data-testid={`invitation-${reason}`}>
      <p>
        <FormattedMessage id={CLOSED_MESSAGES[reason]} />
      </p>
      <p>
        <Link to={`${basePath}/login`}>
          <FormattedMessage id="consultation.invitation.toLogin" />
        </Link>
      </p>
    </div>
  );
}

interface AcceptFormProps {
  hash: string;
  invitation: InvitationHashAnswer;
  basePath: string;
  login: (username: string, password: string) => Promise<unknown>;
  onAccepted: () => void;
  /** accepting found the invitation unknown, expired or already accepted */
  onClosed: (reason: Closed) => void;
}

function AcceptForm({ hash, invitation, basePath, login, onAccepted, onClosed }: AcceptFormProps) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const { settings } = useSettings();
  const oauth = invitation.with_oauth;
  // the password follows the `users` rules of the server (as the password reset does)
  const form = useForm({ scope: 'users', initial: EMPTY, mode: 'post', fields: ['password'] });
  const { email, password, password_repeat: repeat } = form.values;
  const [mismatch, setMismatch] = useState(false);
  /** the message id of the e-mail field's error: missing, or not the invited one */
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const emailMissing = email.trim() === '';
    setEmailError(emailMissing ? 'platform.validation.required' : null);
    if ((!oauth && !(await form.validate())) || emailMissing) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    if (!oauth && password !== repeat) {
      setMismatch(true);
      notify({ type: 'warning', body: 'passwords do not match' });
      return;
    }
    setBusy(true);
    let answer: AcceptAnswer;
    try {
      const body = oauth ? { email: email.trim() } : { email: email.trim(), password };
      answer = await client.POST('/api/invitation/hash/{hash}', { params: { path: { hash } }, body });
    } catch (error) {
      setBusy(false);
      const closed = closedOf(error);
      if (closed) {
        onClosed(closed);
        return;
      }
      if (isWrongEmail(error)) {
        setEmailError('platform.error.MAILING.INVITATION_EMAIL');
        notify({ type: 'warning', body: 'platform.error.MAILING.INVITATION_EMAIL' });
      } else {
        const id = errorMessageId(error);
        setFailure(id === GENERIC_ERROR_MESSAGE ? 'platform.msg.actionDenied' : id);
        notify({ type: 'danger', body: 'action denied' });
      }
      return;
    }
    setAccepted(true);
    onAccepted();
    if (oauth) {
      setBusy(false);
      notify({ type: 'success', body: intl.formatMessage({ id: 'consultation.invitation.accepted' }) });
      return;
    }
    // Logged in with the new account's user name (when the answer tells it), the invitee lands on the front page;
    // otherwise the login page takes over.
    try {
      if (!answer.username) throw new Error('no user name');
      await login(answer.username, password);
      notify({ type: 'success', body: intl.formatMessage({ id: 'consultation.invitation.welcome' }) });
      navigate(`${basePath}/`, { replace: true });
    } catch {
      notify({ type: 'success', body: intl.formatMessage({ id: 'consultation.invitation.acceptedLogin' }) });
      navigate(`${basePath}/login`, { replace: true });
    }
  }

  if (accepted && oauth) {
    const referrer = typeof window === 'undefined' ? '/' : new URL(`${basePath}/`, window.location.href).href;
    return (
      <div className="cons-invitation-done" data-testid="invitation-oauth">
        <p role="status">
          <FormattedMessage id="consultation.invitation.accepted" />
        </p>
        <ul className="cons-invitation-providers">
          {invitation.providers.map((p) => (
            <li key={p}>
              <a
                className="ag-button ag-button-primary"
                href={providerHref(p, referrer)}
                data-testid={`invitation-login-${p}`}
              >
                {p === 'open' && settings.openAuthTitle ? (
                  <FormattedMessage
                    id="consultation.invitation.loginWith"
                    values={{ name: settings.openAuthTitle }}
                  />
                ) : (
                  <FormattedMessage id={`consultation.invitation.provider.${p}`} />
                )}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <form
      className="cons-invitation-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="invitation-accept-form"
    >
      <p data-testid="invitation-welcome">
        <FormattedMessage
          id={oauth ? 'consultation.invitation.welcomeOAuth' : 'consultation.invitation.welcomeText'}
          values={{ name: `${invitation.firstname} ${invitation.lastname}`.trim() }}
        />
      </p>
      <fieldset disabled={busy} className="cons-invitation-fields">
        <legend className="ag-visually-hidden">
          <FormattedMessage id="consultation.invitation.title" />
        </legend>
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          required
          label={<FormattedMessage id="consultation.invitation.email" />}
          value={email}
          onChange={(v) => {
            setEmailError(null);
            form.setValue('email', v);
          }}
          errorText={emailError && intl.formatMessage({ id: emailError })}
        />
        {!oauth && (
          <>
            <PasswordField
              {...form.field<string>('password')}
              autoComplete="new-password"
              label={<FormattedMessage id="consultation.invitation.password" />}
              onChange={(v) => {
                setMismatch(false);
                form.setValue('password', v);
              }}
            />
            <PasswordField
              {...form.field<string>('password_repeat')}
              autoComplete="new-password"
              required
              label={<FormattedMessage id="consultation.invitation.passwordRepeat" />}
              onChange={(v) => {
                setMismatch(false);
                form.setValue('password_repeat', v);
              }}
              errorText={mismatch ? intl.formatMessage({ id: 'platform.msg.passwordsDoNotMatch' }) : null}
            />
          </>
        )}
        {failure && (
          <p className="cons-invitation-error" role="alert" data-testid="invitation-error">
            <FormattedMessage id={failure} />
          </p>
        )}
        <button type="submit" className="ag-button ag-button-primary" data-testid="invitation-accept">
          <FormattedMessage id="consultation.invitation.accept" />
        </button>
      </fieldset>
    </form>
  );
}

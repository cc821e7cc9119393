import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { InvitationAcceptAnswer, InvitationHashAnswer } from '@agora/contracts/api';
import {
  ApiError,
  client,
  errorMessageId,
  ErrorFromCall,
  GENERIC_ERROR_MESSAGE,
  Loading,
  NewPasswordFields,
  PageHeader,
  TextField,
  useApiGet,
  useForm,
  useNewPassword,
  useNotify,
  useSession,
} from '@agora/platform';
import { InvitationLogins } from './InvitationLogins';
import './invitation.css';

/** Why the invitation cannot be accepted: unknown, withdrawn by the administrators, expired, or already accepted. */
type Closed = 'unknown' | 'cancelled' | 'expired' | 'accepted';

function closedOf(error: unknown): Closed | null {
  if (!(error instanceof ApiError)) return null;
  if (error.hasCode('MAILING.INVITATION_ACCEPTED')) return 'accepted';
  if (error.hasCode('MAILING.INVITATION_CANCELLED')) return 'cancelled';
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
      {data && !closed && !error && <InvitationLogins hash={hash} providers={data.providers} />}
    </section>
  );
}

const CLOSED_MESSAGES: Readonly<Record<Closed, string>> = {
  unknown: 'consultation.invitation.unknown',
  cancelled: 'consultation.invitation.cancelled',
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
  /** accepting found the invitation unknown, withdrawn, expired or already accepted */
  onClosed: (reason: Closed) => void;
}

function AcceptForm({ hash, invitation, basePath, login, onAccepted, onClosed }: AcceptFormProps) {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  // the password follows the `users` rules of the server (as the password reset does)
  const form = useForm({ scope: 'users', initial: EMPTY, mode: 'post', fields: ['password'] });
  const { email, password } = form.values;
  const newPassword = useNewPassword(form);
  /** the message id of the e-mail field's error: missing, or not the invited one */
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const emailMissing = email.trim() === '';
    setEmailError(emailMissing ? 'platform.validation.required' : null);
    if (!(await form.validate()) || emailMissing) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    if (!newPassword.confirm()) return;
    setBusy(true);
    // the answer names the account's user name (chosen by the server): the page logs in with it at once
    let answer: InvitationAcceptAnswer;
    try {
      const body = { email: email.trim(), password };
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
    onAccepted();
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

  return (
    <form
      className="cons-invitation-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="invitation-accept-form"
    >
      <p data-testid="invitation-welcome">
        <FormattedMessage
          id={
            invitation.providers.length > 0
              ? 'consultation.invitation.welcomeTextLogins'
              : 'consultation.invitation.welcomeText'
          }
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
        <NewPasswordFields
          password={newPassword}
          label={<FormattedMessage id="consultation.invitation.password" />}
          repeatLabel={<FormattedMessage id="consultation.invitation.passwordRepeat" />}
        />
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

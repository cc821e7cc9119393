import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { atom, useAtom, useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { CSRF_COOKIE } from '@agora/contracts';
import {
  ApiError,
  client,
  fetchProfile,
  Modal,
  readCookie,
  sessionUserAtom,
  useSession,
  onUnauthorized,
} from '@agora/platform';
import { CredentialFields, isWrongCredentials, useCredentials } from './CredentialFields';

/** How often the `token` cookie and, once timed out, the session are looked at (spec part 1 §4). */
export const SESSION_POLL_MS = 500;
/** Polls in a row without the cookie before the session counts as timed out (a logout in flight clears it too). */
export const MISSES_BEFORE_TIMEOUT = 2;

/** The session time-out flag: set when the `token` cookie disappears or a call answers 401 while logged in. */
export const sessionTimedOutAtom = atom(false);

/**
 * Sets the time-out flag while logged in when the `token` cookie is gone (the gateway clears it with a session
 * that has ended on the server) or a call answers 401. While the flag is set, the session is polled every
 * `SESSION_POLL_MS`: when the `token` cookie comes back with a different value (a re-login here or in another
 * tab), the profile is asked for and, if it answers a user, the flag is cleared and the page's data read again.
 */
function useTimeoutWatch(reloggingIn: RefObject<boolean>): boolean {
  const { status } = useSession();
  const [timedOut, setTimedOut] = useAtom(sessionTimedOutAtom);
  const setUser = useSetAtom(sessionUserAtom);
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (status !== 'loggedIn' || timedOut) return;
    let misses = 0;
    const timer = setInterval(() => {
      misses = readCookie(CSRF_COOKIE) ? 0 : misses + 1;
      if (misses >= MISSES_BEFORE_TIMEOUT) setTimedOut(true);
    }, SESSION_POLL_MS);
    const stopListening = onUnauthorized(() => setTimedOut(true));
    return () => {
      clearInterval(timer);
      stopListening();
    };
  }, [status, timedOut, setTimedOut]);

  useEffect(() => {
    if (status !== 'loggedIn' || !timedOut) return;
    let probed: string | null = null;
    let probing = false;
    let stopped = false;
    const timer = setInterval(() => {
      const token = readCookie(CSRF_COOKIE);
      // The modal's own re-login sets tokens on its way (GET then POST /api/login): it closes the modal itself.
      if (!token || token === probed || probing || reloggingIn.current) return;
      probed = token;
      probing = true;
      void fetchProfile().then((user) => {
        probing = false;
        if (stopped || !user || reloggingIn.current) return;
        setUser(user);
        setTimedOut(false);
        void mutate(() => true);
      });
    }, SESSION_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [status, timedOut, setTimedOut, setUser, mutate, reloggingIn]);

  // A logout (here or elsewhere) ends the time-out too: the next login must not open the modal at once.
  useEffect(() => {
    if (status === 'loggedOut' && timedOut) setTimedOut(false);
  }, [status, timedOut, setTimedOut]);

  return timedOut && status === 'loggedIn';
}

type Failure = 'different' | 'credentials' | 'other' | null;

/** The login modal at session time-out: re-login with the same username, or log in as another user. */
export function SessionTimeout() {
  const reloggingIn = useRef(false);
  const open = useTimeoutWatch(reloggingIn);
  const [, setTimedOut] = useAtom(sessionTimedOutAtom);
  const { user, refresh, logout } = useSession();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { username, password, setUsername, setPassword, fields } = useCredentials();
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  // Only the current user may log in again here: the modal opens with that username filled in.
  const expected = open ? user?.username : undefined;
  useEffect(() => {
    if (expected) setUsername((current) => current || expected);
  }, [expected, setUsername]);

  if (!open || !user) return null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    setFailure(null);
    if (username.trim() !== user.username) {
      setFailure('different');
      return;
    }
    setBusy(true);
    reloggingIn.current = true;
    try {
      // wrong credentials answer 401 (an ApiError)
      await client.POST('/api/login', { body: { username: username.trim(), password } });
      const next = await refresh();
      if (!next) throw new ApiError(401, 'wrong credentials');
      setTimedOut(false);
      setUsername('');
      setPassword('');
      // The page stays where it was; what it shows is read again with the new session.
      void mutate(() => true);
    } catch (error) {
      setFailure(isWrongCredentials(error) ? 'credentials' : 'other');
      setPassword('');
    } finally {
      reloggingIn.current = false;
      setBusy(false);
    }
  }

  async function onOtherUser() {
    setTimedOut(false);
    await logout();
    navigate('/login');
  }

  const messages: Record<Exclude<Failure, null>, string> = {
    different: 'platform.msg.differentUsername',
    credentials: 'platform.msg.wrongCredentials',
    other: 'platform.msg.unknownError',
  };

  return (
    <Modal
      title={<FormattedMessage id="shell.timeout.title" />}
      testId="timeout-modal"
      describedBy={`${id}-text`}
    >
      <p id={`${id}-text`}>
        <FormattedMessage id="shell.timeout.text" />
      </p>
      <form className="sh-form" onSubmit={onSubmit} data-testid="timeout-form">
        <CredentialFields id={id} {...fields} />
        {failure && (
          <p className="sh-form-error" role="alert" data-testid="timeout-error">
            <FormattedMessage id={messages[failure]} />
          </p>
        )}
        <div className="ag-modal-actions">
          <button type="button" className="ag-button" onClick={onOtherUser} data-testid="timeout-other-user">
            <FormattedMessage id="shell.timeout.otherUser" />
          </button>
          <button
            type="submit"
            className="ag-button ag-button-primary"
            disabled={busy}
            data-testid="timeout-submit"
          >
            <FormattedMessage id="shell.login.submit" />
          </button>
        </div>
      </form>
    </Modal>
  );
}

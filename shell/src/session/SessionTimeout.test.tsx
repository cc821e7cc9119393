import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { client, sessionStatusAtom, sessionUserAtom } from '@agora/platform';
import {
  adminUser,
  clearCookies,
  click,
  mockFetch,
  participantUser,
  renderWeb,
} from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import {
  MISSES_BEFORE_TIMEOUT,
  SESSION_POLL_MS,
  sessionTimedOutAtom,
  SessionTimeout,
} from './SessionTimeout';

function renderLoggedIn(locale: 'el' | 'en' = 'en') {
  return renderWeb(
    <>
      <Routes>
        <Route path="*" element={<p>the page</p>} />
      </Routes>
      <SessionTimeout />
    </>,
    { route: '/admin/library/gallery', user: adminUser, locale, messages: shellMessages, probe: true },
  );
}

/** Lets the polls run for `polls` periods (fake timers), then lets pending answers settle. */
async function poll(polls: number) {
  for (let i = 0; i < polls; i += 1) {
    await act(async () => {
      jest.advanceTimersByTime(SESSION_POLL_MS);
    });
  }
}

/** Renders logged in, then takes the token cookie away; `fakeTimers` keeps the polls on the fake clock. */
async function renderTimedOut(locale: 'el' | 'en' = 'en', fakeTimers = false) {
  jest.useFakeTimers();
  const result = await renderLoggedIn(locale);
  await act(async () => {
    jest.advanceTimersByTime(SESSION_POLL_MS * 3);
  });
  expect(screen.queryByTestId('timeout-modal')).toBeNull();
  clearCookies();
  await act(async () => {
    jest.advanceTimersByTime(SESSION_POLL_MS * MISSES_BEFORE_TIMEOUT);
  });
  if (!fakeTimers) jest.useRealTimers();
  return result;
}

async function relogin(username: string, password = 'secret') {
  fireEvent.change(screen.getByLabelText(/Username|Όνομα χρήστη/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password|Κωδικός/), { target: { value: password } });
  await click(screen.getByTestId('timeout-submit'));
}

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});
afterEach(() => jest.useRealTimers());

describe('session time-out', () => {
  it('opens the login modal when the token cookie disappears, and re-logs in the same user in place', async () => {
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=t2' },
      'POST /api/login': { status: 200, body: { loggedin: true, user: adminUser }, setCookie: 'token=t3' },
      'GET /api/profile': { status: 200, body: adminUser },
    });
    const { store } = await renderTimedOut();
    const modal = screen.getByRole('dialog', { name: 'Your session has expired' });
    expect(modal).toBeTruthy();
    expect(store.get(sessionTimedOutAtom)).toBe(true);
    await relogin('maria');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'maria', password: 'secret' });
    expect(screen.queryByTestId('timeout-modal')).toBeNull();
    expect(store.get(sessionTimedOutAtom)).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/admin/library/gallery');
  });

  it('fills in the only username it accepts: the password alone logs in again', async () => {
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=t2' },
      'POST /api/login': { status: 200, body: { loggedin: true, user: adminUser }, setCookie: 'token=t3' },
      'GET /api/profile': { status: 200, body: adminUser },
    });
    await renderTimedOut();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(adminUser.username);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await click(screen.getByTestId('timeout-submit'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: adminUser.username,
      password: 'secret',
    });
    expect(screen.queryByTestId('timeout-modal')).toBeNull();
  });

  it('refuses a different username, in English and in Greek', async () => {
    const calls = mockFetch({});
    const { unmount } = await renderTimedOut('en');
    await relogin('someone-else');
    expect(screen.getByTestId('timeout-error').textContent).toBe(
      'You are trying to log in with a different username',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    unmount();
    clearCookies();
    document.cookie = 'token=t';
    await renderTimedOut('el');
    await relogin('someone-else');
    expect(screen.getByTestId('timeout-error').textContent).toBe(
      'Προσπαθείτε να συνδεθείτε με διαφορετικό όνομα χρήστη',
    );
  });

  it('shows wrong credentials for a wrong password', async () => {
    mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=t2' },
      'POST /api/login': { status: 401, body: { Error: 'wrong credentials' } },
    });
    await renderTimedOut();
    await relogin('maria', 'bad');
    expect(screen.getByTestId('timeout-error').textContent).toBe('Wrong credentials');
    expect(screen.getByTestId('timeout-modal')).toBeTruthy();
  });

  it('opens the modal when a call answers 401 while logged in, and keeps it open for a guest token', async () => {
    const calls = mockFetch({
      'GET /api/library/page/1': { status: 401, body: { Error: 'missing or invalid identity' } },
      'GET /api/profile': { status: 401, body: { Error: 'missing or invalid identity' } },
    });
    jest.useFakeTimers();
    const { store } = await renderLoggedIn();
    expect(screen.queryByTestId('timeout-modal')).toBeNull();
    await act(async () => {
      await expect(
        client.GET('/api/library/page/{page}', { params: { path: { page: 1 } } }),
      ).rejects.toMatchObject({ status: 401 });
    });
    expect(screen.getByTestId('timeout-modal')).toBeTruthy();
    expect(store.get(sessionTimedOutAtom)).toBe(true);
    // the token cookie (here one of a visitor that is not logged in) is probed once, the modal stays
    await poll(4);
    expect(calls.filter((c) => c.url === '/api/profile')).toHaveLength(1);
    expect(screen.getByTestId('timeout-modal')).toBeTruthy();
    expect(store.get(sessionUserAtom)).toEqual(adminUser);
    expect(store.get(sessionStatusAtom)).toBe('loggedIn');
  });

  it('closes the modal when a re-login in another tab brings the session back', async () => {
    const calls = mockFetch({ 'GET /api/profile': { status: 200, body: adminUser } });
    const { store } = await renderTimedOut('en', true);
    await poll(3);
    expect(screen.getByTestId('timeout-modal')).toBeTruthy();
    expect(calls).toEqual([]);
    document.cookie = 'token=from-the-other-tab';
    await poll(2);
    expect(screen.queryByTestId('timeout-modal')).toBeNull();
    expect(store.get(sessionTimedOutAtom)).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/profile']);
    expect(screen.getByTestId('location').textContent).toBe('/admin/library/gallery');
  });

  it('takes the user of a re-login as another user in another tab', async () => {
    mockFetch({ 'GET /api/profile': { status: 200, body: participantUser } });
    const { store } = await renderTimedOut('en', true);
    document.cookie = 'token=from-the-other-tab';
    await poll(2);
    expect(screen.queryByTestId('timeout-modal')).toBeNull();
    expect(store.get(sessionUserAtom)).toEqual(participantUser);
  });

  it('ignores 401 answers of a logged-out visitor, and a logout ends the time-out', async () => {
    mockFetch({ 'GET /api/category': { status: 401, body: { Error: 'missing or invalid identity' } } });
    const { store } = await renderTimedOut();
    act(() => store.set(sessionStatusAtom, 'loggedOut'));
    expect(store.get(sessionTimedOutAtom)).toBe(false);
    await act(async () => {
      await expect(client.GET('/api/category')).rejects.toMatchObject({ status: 401 });
    });
    expect(store.get(sessionTimedOutAtom)).toBe(false);
  });

  it('logs out and goes to /login to log in as another user', async () => {
    mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=t2' },
      'DELETE /api/login': { status: 200, body: {} },
    });
    const { store } = await renderTimedOut();
    await click(screen.getByTestId('timeout-other-user'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.queryByTestId('timeout-modal')).toBeNull();
    expect(store.get(sessionTimedOutAtom)).toBe(false);
  });
});

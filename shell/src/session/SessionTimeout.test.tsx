import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { adminUser, clearCookies, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import {
  MISSES_BEFORE_TIMEOUT,
  SESSION_POLL_MS,
  sessionTimedOutAtom,
  SessionTimeout,
} from './SessionTimeout';

async function renderTimedOut(locale: 'el' | 'en' = 'en') {
  jest.useFakeTimers();
  const result = await renderWeb(
    <>
      <Routes>
        <Route path="*" element={<p>the page</p>} />
      </Routes>
      <SessionTimeout />
    </>,
    { route: '/admin/library/gallery', user: adminUser, locale, messages: shellMessages, probe: true },
  );
  await act(async () => {
    jest.advanceTimersByTime(SESSION_POLL_MS * 3);
  });
  expect(screen.queryByTestId('timeout-modal')).toBeNull();
  clearCookies();
  await act(async () => {
    jest.advanceTimersByTime(SESSION_POLL_MS * MISSES_BEFORE_TIMEOUT);
  });
  jest.useRealTimers();
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
      'POST /api/login': { status: 200, body: { loggedin: true }, setCookie: 'token=t3' },
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

import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { SessionUser } from '@agora/contracts';
import {
  adminUser,
  clearCookies,
  click,
  mockFetch,
  participantUser,
  renderWeb,
} from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { LoginPage } from './LoginPage';

function renderLogin(locale: 'el' | 'en' = 'en', user: SessionUser | null = null, route = '/login') {
  return renderWeb(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route, user, locale, messages: shellMessages, probe: true },
  );
}

async function submit(
  username: string,
  password: string,
  labels = { user: 'Username', password: 'Password' },
) {
  fireEvent.change(screen.getByLabelText(labels.user), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
  await click(screen.getByTestId('login-submit'));
}

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});

describe('LoginPage', () => {
  it('shows "wrong credentials" on a 401', async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { Error: 'wrong credentials' } } });
    await renderLogin('en');
    await submit('maria', 'bad');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong credentials');
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('shows the message in Greek', async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { Error: 'wrong credentials' } } });
    await renderLogin('el');
    expect(screen.getByRole('heading', { name: 'Σύνδεση' })).toBeTruthy();
    await submit('maria', 'bad', { user: 'Όνομα χρήστη', password: 'Κωδικός πρόσβασης' });
    expect((await screen.findByTestId('login-error')).textContent).toBe('Λάθος στοιχεία σύνδεσης');
  });

  it('shows the translated message of the code for other failures, never the server text', async () => {
    mockFetch({ 'POST /api/login': { status: 503, body: { Error: 'service unavailable' } } });
    await renderLogin('en');
    await submit('maria', 'pw');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Login failed: The action could not be completed. Please try again later.',
    );
  });

  it.each([
    ['en', 'Too many attempts. Please try again in 15 minutes.', { user: 'Username', password: 'Password' }],
    [
      'el',
      'Πάρα πολλές προσπάθειες. Δοκιμάστε ξανά σε 15 λεπτά.',
      { user: 'Όνομα χρήστη', password: 'Κωδικός πρόσβασης' },
    ],
  ] as const)('on a 429 says (%s) when to try again, from Retry-After', async (locale, text, labels) => {
    mockFetch({
      'POST /api/login': {
        status: 429,
        body: { Error: 'too many attempts, try again later', code: 'ACCOUNTS.RATE_LIMITED' },
        headers: { 'Retry-After': '857' },
      },
    });
    await renderLogin(locale);
    await submit('maria', 'pw', labels);
    expect((await screen.findByTestId('login-error')).textContent).toBe(text);
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['editor', '/admin/dashboard'],
    ['reviewer', '/admin/dashboard'],
    ['authorized', '/'],
    ['guest', '/'],
  ] as const)('sends a logged-in %s to %s', async (role, target) => {
    const calls = mockFetch({
      'POST /api/login': { status: 200, body: { loggedin: true, user: adminUser } },
      'GET /api/profile': { status: 200, body: { ...adminUser, role } },
    });
    await renderLogin('en');
    await submit('maria', 'secret');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'maria', password: 'secret' });
    expect(screen.getByTestId('location').textContent).toBe(target);
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['editor', '/admin/dashboard'],
    ['reviewer', '/admin/dashboard'],
    ['authorized', '/'],
  ] as const)('sends an already logged-in %s away from the form, to %s', async (role, target) => {
    await renderLogin('en', { ...participantUser, role });
    expect(screen.getByTestId('location').textContent).toBe(target);
    expect(screen.queryByTestId('login-form')).toBeNull();
  });

  it('shows the form to a logged-in guest, who can log in as another user', async () => {
    const calls = mockFetch({
      'POST /api/login': { status: 200, body: { loggedin: true, user: adminUser } },
      'GET /api/profile': { status: 200, body: adminUser },
    });
    await renderLogin('en', { ...participantUser, role: 'guest' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('login-form')).toBeTruthy();
    await submit('maria', 'secret');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'maria', password: 'secret' });
    expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard');
  });

  it.each([
    ['authorized', '/participate/category/urban-mobility', '/participate/category/urban-mobility'],
    ['admin', '/participate/category/urban-mobility', '/admin/dashboard'],
    ['authorized', '//elsewhere.example.org/x', '/'],
    ['authorized', 'https://elsewhere.example.org/x', '/'],
  ] as const)('sends a %s who logs in from ?next=%s to %s', async (role, next, target) => {
    mockFetch({
      'POST /api/login': { status: 200, body: { loggedin: true, user: adminUser } },
      'GET /api/profile': { status: 200, body: { ...adminUser, role } },
    });
    await renderLogin('en', null, `/login?next=${encodeURIComponent(next)}`);
    await submit('maria', 'secret');
    expect(screen.getByTestId('location').textContent).toBe(target);
  });

  it('sends an already logged-in participant back to ?next', async () => {
    await renderLogin('en', participantUser, '/login?next=%2Fparticipate%2Fcategory%2Fx');
    expect(screen.getByTestId('location').textContent).toBe('/participate/category/x');
  });

  it('labels its inputs', async () => {
    await renderLogin('en');
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(username.autocomplete).toBe('username');
    expect(password.type).toBe('password');
  });
});

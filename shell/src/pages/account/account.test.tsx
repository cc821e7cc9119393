import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SHARED_SETTING_DEFAULTS, type SessionUser } from '@agora/contracts';
import { localeAtom, Notifications, notificationsAtom } from '@agora/platform';
import {
  clearCookies,
  click,
  mockFetch,
  participantUser,
  renderWeb,
  type FakeRoutes,
} from '../../../../scripts/jest/web';
import { shellMessages } from '../../i18n';
import { LoginPage } from '../LoginPage';
import { PolicyPage } from '../PolicyPage';
import { ProfilePage } from '../ProfilePage';
import { RecoveryPage, ResetPasswordPage } from './RecoveryPage';
import { RegisterPage } from './RegisterPage';

const SETTINGS = {
  ...SHARED_SETTING_DEFAULTS,
  registration: true,
  geocoderUrl: '',
};

function page(
  path: string,
  element: ReactElement,
  route: string,
  opts: { user?: SessionUser | null; locale?: 'el' | 'en' } = {},
) {
  return renderWeb(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <Notifications />
    </>,
    { route, user: opts.user ?? null, locale: opts.locale ?? 'en', messages: shellMessages, probe: true },
  );
}

function notes(): string[] {
  return screen.queryAllByTestId('notification').map((n) => n.textContent?.replace('×', '').trim() ?? '');
}

/** The field labelled `label` (required fields add a ' *' to the label). */
function input(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function fill(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

/** The error shown under the field labelled `label`, or null. */
function errorUnder(label: string): string | null {
  const field = input(label);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
}

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});

describe('LoginPage extras', () => {
  it('shows the sign-up panel and the external logins that the settings enable', async () => {
    mockFetch({
      'GET /api/settings': {
        status: 200,
        body: {
          ...SETTINGS,
          isGoogleAuthEnabled: true,
          isOpenAuthEnabled: true,
          openAuthTitle: 'Δήμος SSO',
        },
      },
    });
    await page('/login', <LoginPage />, '/login');
    expect(screen.getByTestId('signup-panel')).toBeTruthy();
    expect(screen.getByTestId('login-google').getAttribute('href')).toMatch(/^\/api\/goauth\?referrer=/);
    expect(screen.getByTestId('login-oauth').getAttribute('href')).toBe('/api/oauth');
    expect(screen.getByTestId('login-oauth').textContent).toBe('Δήμος SSO');
    expect(screen.queryByTestId('login-facebook')).toBeNull();
  });

  it('shows neither without the flags (or without settings)', async () => {
    mockFetch({});
    await page('/login', <LoginPage />, '/login');
    expect(screen.queryByTestId('signup-panel')).toBeNull();
    expect(screen.queryByTestId('external-logins')).toBeNull();
  });
  it.each([
    ['oauth', 'en', 'Signing in with the external provider failed.'],
    [
      'oauth_email',
      'el',
      'Υπάρχει ήδη λογαριασμός με αυτό το e-mail ή ο πάροχος δεν έδωσε e-mail· συνδεθείτε με τον κωδικό σας.',
    ],
    ['inactive', 'el', 'Ο λογαριασμός σας δεν είναι ενεργός.'],
  ] as const)('explains ?error=%s (%s)', async (code, locale, text) => {
    mockFetch({});
    await page('/login', <LoginPage />, `/login?error=${code}`, { locale });
    expect(screen.getByTestId('login-warning').textContent).toBe(text);
  });

  it('shows no warning for an unknown ?error', async () => {
    mockFetch({});
    await page('/login', <LoginPage />, '/login?error=whatever');
    expect(screen.queryByTestId('login-warning')).toBeNull();
  });

  it('raises the "wrong credentials" notification next to the inline error', async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { Error: 'wrong credentials' } } });
    await page('/login', <LoginPage />, '/login');
    fill('Username', 'maria');
    fill('Password', 'bad');
    await click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('login-error').textContent).toBe('Wrong credentials');
    expect(notes()).toEqual(['Wrong credentials']);
  });
});

describe('RegisterPage', () => {
  const withRegistration: FakeRoutes = { 'GET /api/settings': { status: 200, body: SETTINGS } };

  async function fillForm(repeat = 'Secret-123') {
    fill('Username', 'eleni');
    fill('First name', 'Ελένη');
    fill('Last name', 'Γεωργίου');
    fill('Email', 'eleni@example.org');
    fill('Password', 'Secret-123');
    fill('Repeat password', repeat);
    fill('Street', 'Ερμού');
    fill('Number', '12');
    fill('Town', 'Αθήνα');
    fill('Postal code', '105 63');
  }

  it('is the 404 page when registration is off', async () => {
    mockFetch({ 'GET /api/settings': { status: 200, body: { ...SETTINGS, registration: false } } });
    await page('/register', <RegisterPage />, '/register');
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });

  it('warns when the passwords do not match, and sends nothing', async () => {
    const calls = mockFetch(withRegistration);
    await page('/register', <RegisterPage />, '/register');
    await fillForm('other');
    await click(screen.getByTestId('register-submit'));
    expect(notes()).toEqual(['Passwords do not match']);
    expect(errorUnder('Repeat password')).toBe('Passwords do not match');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // editing either password takes the message away; browsers are told these are new passwords
    fill('Password', 'Secret-1234');
    expect(errorUnder('Repeat password')).toBeNull();
    expect(input('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(input('Repeat password').getAttribute('autocomplete')).toBe('new-password');
  });

  const RULES = {
    username: { required: true, min_size: 3, max_size: 30, unique: true },
    firstname: { required: true, max_size: 100 },
    lastname: { required: true, max_size: 100 },
    email: { required: true, unique: true },
    password: { required: true, min_size: 8 },
    address: { required: false, max_size: 300 },
  };

  it("applies the server's rules: a refused submit warns 'form contains non valid elements' and sends nothing", async () => {
    const calls = mockFetch({
      ...withRegistration,
      'GET /api/validation/scope/users': { status: 200, body: RULES },
    });
    await page('/register', <RegisterPage />, '/register');
    await screen.findByLabelText(/^Username \*$/);
    fill('Username', 'el');
    await click(screen.getByTestId('register-submit'));
    expect(notes()).toEqual(['The form contains invalid fields']);
    expect(screen.getAllByText('Minimum size is 3.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('This value is required.').length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks the server whether the username exists and refuses a taken one', async () => {
    const calls = mockFetch({
      ...withRegistration,
      'GET /api/validation/scope/users': { status: 200, body: RULES },
      'GET /api/checkIfExists/scope/users/field/username/value/eleni': { status: 200, body: true },
      'GET /api/checkIfExists/scope/users/field/email/value/eleni%40example.org': {
        status: 200,
        body: false,
      },
    });
    await page('/register', <RegisterPage />, '/register');
    await screen.findByLabelText(/^Username \*$/);
    await fillForm();
    await click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('This value already exists!')).toBeTruthy();
    expect(notes()).toEqual(['The form contains invalid fields']);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says when to try again when the checks of unique values are throttled (429)', async () => {
    const limited = {
      status: 429,
      body: { Error: 'too many attempts, try again later', code: 'ACCOUNTS.RATE_LIMITED' },
      headers: { 'Retry-After': '45' },
    };
    mockFetch({
      ...withRegistration,
      'GET /api/validation/scope/users': { status: 200, body: RULES },
      'GET /api/checkIfExists/scope/users/field/username/value/eleni': limited,
      'GET /api/checkIfExists/scope/users/field/email/value/eleni%40example.org': limited,
    });
    await page('/register', <RegisterPage />, '/register');
    await screen.findByLabelText(/^Username \*$/);
    await fillForm();
    await click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-checks-limited')).textContent).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
  });

  it('registers, announces it for 3 s and disables the form', async () => {
    const calls = mockFetch({ ...withRegistration, 'POST /api/registration': { status: 200, body: {} } });
    const { store } = await page('/register', <RegisterPage />, '/register');
    await fillForm();
    await click(screen.getByTestId('register-submit'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'eleni',
      firstname: 'Ελένη',
      lastname: 'Γεωργίου',
      email: 'eleni@example.org',
      password: 'Secret-123',
      address: 'Ερμού+12+Αθήνα+105 63',
      locale: 'en',
    });
    expect(notes()).toEqual(['Successful registration']);
    expect(store.get(notificationsAtom)[0]?.duration).toBe(3);
    expect((screen.getByTestId('register-submit') as HTMLButtonElement).closest('fieldset')?.disabled).toBe(
      true,
    );
  });

  it.each([
    [
      409,
      { Error: 'username exists', code: 'ACCOUNTS.USERNAME_EXISTS', field: 'username' },
      'en',
      'This username already exists',
    ],
    [
      409,
      { Error: 'username exists', code: 'ACCOUNTS.USERNAME_EXISTS', field: 'username' },
      'el',
      'Το όνομα χρήστη υπάρχει ήδη',
    ],
    [
      409,
      { Error: 'This value already exists!', code: 'ACCOUNTS.UNIQUE', field: 'email' },
      'en',
      'This value already exists!',
    ],
    [
      409,
      { Error: 'This value already exists!', code: 'ACCOUNTS.UNIQUE', field: 'email' },
      'el',
      'Η τιμή υπάρχει ήδη!',
    ],
    [403, { Error: 'action denied', code: 'ACCOUNTS.REGISTRATION_CLOSED' }, 'en', 'Registration is closed.'],
    [400, { Error: 'x' }, 'el', 'Η ενέργεια δεν ολοκληρώθηκε. Δοκιμάστε ξανά αργότερα.'],
  ] as const)('answers %s %j (%s) with "%s"', async (status, body, locale, text) => {
    mockFetch({ ...withRegistration, 'POST /api/registration': { status, body } });
    const { store } = await page('/register', <RegisterPage />, '/register');
    await fillForm();
    // the labels above are English; the answer is read in the language of the test
    act(() => store.set(localeAtom, locale));
    await click(screen.getByTestId('register-submit'));
    expect(notes()).toEqual([text]);
    expect((screen.getByTestId('register-submit') as HTMLButtonElement).closest('fieldset')?.disabled).toBe(
      false,
    );
  });
});

describe('RecoveryPage', () => {
  it.each([
    [200, 'You will soon receive an email', true],
    [404, 'User not found', false],
    [500, 'Unknown error', false],
  ])('answers %s with "%s"', async (status, text, disabled) => {
    const calls = mockFetch({ 'POST /api/recovery': { status, body: status === 200 ? {} : { Error: 'x' } } });
    await page('/password_recovery', <RecoveryPage />, '/password_recovery');
    fill('Username', 'eleni');
    await click(screen.getByTestId('recovery-submit'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'eleni' });
    expect(notes()).toEqual([text]);
    expect((screen.getByTestId('recovery-submit') as HTMLButtonElement).closest('fieldset')?.disabled).toBe(
      disabled,
    );
  });

  it.each([
    ['en', 'This value is required.'],
    ['el', 'Η τιμή είναι υποχρεωτική.'],
  ] as const)(
    'says the username is required on an empty Send (%s), and sends nothing',
    async (locale, text) => {
      const calls = mockFetch({ 'POST /api/recovery': { status: 200, body: {} } });
      await page('/password_recovery', <RecoveryPage />, '/password_recovery', { locale });
      await click(screen.getByTestId('recovery-submit'));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      const input = screen.getByRole('textbox');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(text);
      fireEvent.change(input, { target: { value: 'eleni' } });
      expect(input.getAttribute('aria-invalid')).not.toBe('true');
    },
  );

  it('speaks Greek', async () => {
    mockFetch({ 'POST /api/recovery': { status: 404, body: { Error: 'user not found' } } });
    await page('/password_recovery', <RecoveryPage />, '/password_recovery', { locale: 'el' });
    expect(screen.getByRole('heading', { name: 'Ανάκτηση κωδικού' })).toBeTruthy();
    fill('Όνομα χρήστη', 'x');
    await click(screen.getByTestId('recovery-submit'));
    expect(notes()).toEqual(['Ο χρήστης δεν βρέθηκε']);
  });
});

describe('ResetPasswordPage', () => {
  async function reset(status: number, code?: string, locale: 'el' | 'en' = 'en') {
    const calls = mockFetch({
      'POST /api/recovery/reset': { status, body: status === 200 ? {} : { Error: 'x', code } },
    });
    await page('/password_recovery/reset/:token', <ResetPasswordPage />, '/password_recovery/reset/abc', {
      locale,
    });
    if (locale === 'el') {
      fill('Νέος κωδικός', 'Secret-123');
      fill('Επανάληψη κωδικού', 'Secret-123');
      await click(screen.getByTestId('reset-submit'));
      return calls;
    }
    fill('New password', 'Secret-123');
    fill('Repeat password', 'Secret-123');
    await click(screen.getByTestId('reset-submit'));
    return calls;
  }

  it('sets the password and links to the login', async () => {
    const calls = await reset(200);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'abc', password: 'Secret-123' });
    expect(screen.getByTestId('reset-done').querySelector('a')?.getAttribute('href')).toBe('/login');
  });

  it.each([
    [
      410,
      'ACCOUNTS.RECOVERY_EXPIRED',
      'en',
      'This reset link has expired or has already been used.',
      'Request a new link',
    ],
    [
      404,
      'ACCOUNTS.RECOVERY_TOKEN',
      'en',
      'This reset link is not valid or has already been used.',
      'Request a new link',
    ],
    [
      404,
      'ACCOUNTS.RECOVERY_TOKEN',
      'el',
      'Ο σύνδεσμος επαναφοράς δεν είναι έγκυρος ή έχει ήδη χρησιμοποιηθεί.',
      'Ζητήστε νέο σύνδεσμο',
    ],
  ] as const)(
    'says why a %s (%s) link fails in %s, with a link to start again',
    async (status, code, locale, text, link) => {
      await reset(status, code, locale);
      const gone = screen.getByTestId('reset-invalid');
      expect(gone.textContent).toContain(text);
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/password_recovery');
      expect(notes()).toEqual([]);
    },
  );
});

describe('ProfilePage', () => {
  const profile = { ...participantUser, phone: '2101234567', address: 'Ερμού+12+Αθήνα+105 63' };

  it('sends only the changed fields and hides the role selector', async () => {
    const calls = mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': { status: 200, body: profile },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    expect(await screen.findByTestId('profile-form')).toBeTruthy();
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect((screen.getByTestId('profile-submit') as HTMLButtonElement).disabled).toBe(true);
    fill('Phone', '2109999999');
    fill('Town', 'Πάτρα');
    await click(screen.getByTestId('profile-submit'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      phone: '2109999999',
      address: 'Ερμού+12+Πάτρα+105 63',
    });
    expect(notes()).toEqual(['Successful update']);
  });

  it('changes the language of account mails', async () => {
    const calls = mockFetch({
      'GET /api/profile': { status: 200, body: { ...profile, locale: 'el' } },
      'PUT /api/profile': { status: 200, body: { ...profile, locale: 'en' } },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    await screen.findByTestId('profile-form');
    const select = screen.getByLabelText('Language of e-mails') as HTMLSelectElement;
    expect(select.value).toBe('el');
    fireEvent.change(select, { target: { value: 'en' } });
    await click(screen.getByTestId('profile-submit'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ locale: 'en' });
  });

  it('says why the update is refused, by the code of the answer', async () => {
    mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': { status: 400, body: { Error: 'bad', code: 'ACCOUNTS.NOT_EDITABLE' } },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    await screen.findByTestId('profile-form');
    fill('First name', 'Νικόλαος');
    await click(screen.getByTestId('profile-submit'));
    expect(notes()).toEqual(['This field cannot be changed.']);
  });

  it.each([
    ['en', 'The current password is wrong.'],
    ['el', 'Ο τρέχων κωδικός είναι λάθος.'],
  ] as const)('says under the field that the current password is wrong (%s)', async (locale, text) => {
    mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': {
        status: 400,
        body: { Error: 'password_current: wrong credentials', code: 'ACCOUNTS.WRONG_CURRENT_PASSWORD' },
      },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser, locale });
    await screen.findByTestId('profile-form');
    const en = locale === 'en';
    fill(en ? 'Current password' : 'Τρέχων κωδικός', 'wrong');
    fill(en ? 'New password' : 'Νέος κωδικός', 'New-secret-1');
    fill(en ? 'Repeat password' : 'Επανάληψη κωδικού', 'New-secret-1');
    await click(screen.getByTestId('password-submit'));
    expect(errorUnder(en ? 'Current password' : 'Τρέχων κωδικός')).toBe(text);
    expect(notes()).toEqual([]);
  });

  it('changes the password with the current one, and checks the repeat', async () => {
    const calls = mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': { status: 200, body: {} },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    await screen.findByTestId('profile-form');
    fill('Current password', 'old');
    fill('New password', 'New-secret-1');
    fill('Repeat password', 'different');
    await click(screen.getByTestId('password-submit'));
    expect(notes()).toEqual(['Passwords do not match']);
    expect(errorUnder('Repeat password')).toBe('Passwords do not match');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(input('New password').getAttribute('autocomplete')).toBe('new-password');
    expect(input('Repeat password').getAttribute('autocomplete')).toBe('new-password');
    fill('Repeat password', 'New-secret-1');
    expect(errorUnder('Repeat password')).toBeNull();
    await click(screen.getByTestId('password-submit'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      password_current: 'old',
      password: 'New-secret-1',
      password_repeat: 'New-secret-1',
    });
  });
  it('says when to try again when the current-password checks are throttled (429)', async () => {
    mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': {
        status: 429,
        body: { Error: 'too many attempts, try again later', code: 'ACCOUNTS.RATE_LIMITED' },
        headers: { 'Retry-After': '600' },
      },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    await screen.findByTestId('profile-form');
    fill('Current password', 'guess');
    fill('New password', 'New-secret-1');
    fill('Repeat password', 'New-secret-1');
    await click(screen.getByTestId('password-submit'));
    expect(notes()).toEqual(['Too many attempts. Please try again in 10 minutes.']);
  });
});

describe('ProfilePage: download my data', () => {
  const profile = { ...participantUser, phone: null, address: null };
  const job = '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01';
  const queued = {
    job,
    state: 'queued',
    percent: 0,
    created: '2026-12-07T01:00:00.000Z',
    expires: '2026-12-08T01:00:00.000Z',
    size: null,
    file_name: null,
    code: null,
  };

  it.each([
    ['en', 'Download my data', 'Download the archive (.tar.gz)'],
    ['el', 'Λήψη των δεδομένων μου', 'Κατέβασμα του αρχείου (.tar.gz)'],
  ] as const)(
    'asks for the archive, follows it and offers its download (%s)',
    async (locale, ask, download) => {
      const calls = mockFetch({
        'GET /api/profile': { status: 200, body: profile },
        'GET /api/profile/data': { status: 200, body: { latest: null } },
        'POST /api/profile/data': { status: 202, body: queued },
        [`GET /api/profile/data/${job}`]: {
          status: 200,
          body: {
            ...queued,
            state: 'done',
            percent: 100,
            size: 1234,
            file_name: 'agora-my-data-2026-12-07.tar.gz',
          },
        },
      });
      await page('/profile', <ProfilePage />, '/profile', { user: participantUser, locale });
      await click(await screen.findByRole('button', { name: ask }));
      const link = await screen.findByRole('link', { name: download });
      expect(link.getAttribute('href')).toBe(`/api/profile/data/${job}/file`);
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/profile/data']);
    },
  );

  it('shows the progress of a request being built', async () => {
    mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'GET /api/profile/data': { status: 200, body: { latest: queued } },
      [`GET /api/profile/data/${job}`]: { status: 200, body: { ...queued, state: 'running', percent: 40 } },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    expect((await screen.findByTestId('my-data-percent')).textContent).toBe('Preparing the archive… 40%');
    expect((screen.getByTestId('my-data-progress') as HTMLProgressElement).value).toBe(40);
  });

  it('follows the latest request on a return, and says when it failed', async () => {
    mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'GET /api/profile/data': {
        status: 200,
        body: { latest: { ...queued, state: 'running', percent: 40 } },
      },
      [`GET /api/profile/data/${job}`]: {
        status: 200,
        body: { ...queued, state: 'failed', code: 'ACCOUNTS.CONSULTATION_UNAVAILABLE' },
      },
    });
    await page('/profile', <ProfilePage />, '/profile', { user: participantUser });
    expect((await screen.findByTestId('my-data-failed')).textContent).toContain(
      'The archive of your data could not be prepared.',
    );
  });
});

describe('ProfilePage: delete my account', () => {
  const profile = { ...participantUser, phone: null, address: null };
  const preview = {
    erased_projects: [{ token: 'p-1', title: 'Seafront', answers: 2 }],
    kept_answers: 3,
    profile_answers: 1,
    files: 1,
    likes: 4,
    posts: 1,
    confirm_with: 'password',
    external_logins: 0,
    enrolments: 2,
    sessions: 1,
  };

  function profileAndFront(locale: 'el' | 'en') {
    return renderWeb(
      <>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/" element={<p data-testid="front-page">front</p>} />
        </Routes>
        <Notifications />
      </>,
      { route: '/profile', user: participantUser, locale, messages: shellMessages, probe: true },
    );
  }

  it.each([
    [
      'en',
      'Delete my account…',
      'Seafront: 2 answers',
      '3 other answers stay in the consultations',
      'Your current password',
      'The current password is wrong.',
      'Delete my account permanently',
      'Your account has been deleted.',
    ],
    [
      'el',
      'Διαγραφή του λογαριασμού μου…',
      'Seafront: 2 απαντήσεις',
      '3 ακόμη απαντήσεις μένουν στα στατιστικά',
      'Ο τρέχων κωδικός σας',
      'Ο τρέχων κωδικός είναι λάθος.',
      'Οριστική διαγραφή του λογαριασμού μου',
      'Ο λογαριασμός σας διαγράφηκε.',
    ],
  ] as const)(
    'shows what happens, refuses a wrong password, then deletes and lands on the front page (%s)',
    async (locale, open, project, kept, label, wrong, confirm, done) => {
      let attempts = 0;
      const calls = mockFetch({
        'GET /api/profile': { status: 200, body: profile },
        'GET /api/profile/data': { status: 200, body: { latest: null } },
        'GET /api/profile/deletion': { status: 200, body: preview },
        'DELETE /api/profile': () =>
          ++attempts === 1
            ? {
                status: 400,
                body: {
                  Error: 'wrong credentials',
                  code: 'ACCOUNTS.WRONG_CURRENT_PASSWORD',
                  field: 'password',
                },
              }
            : { status: 200, body: { message: 'data deleted' } },
        'DELETE /api/login': { status: 200, body: { loggedin: false } },
      });
      await profileAndFront(locale);
      // nothing is asked of the server before the section is opened
      await screen.findByTestId('profile-form');
      expect(calls.some((c) => c.url === '/api/profile/deletion')).toBe(false);
      await click(screen.getByRole('button', { name: open }));
      expect((await screen.findByTestId('delete-account-projects')).textContent).toBe(project);
      expect(screen.getByTestId('delete-account-kept').textContent).toContain(kept);
      fill(label, 'not it');
      await click(screen.getByRole('button', { name: confirm }));
      expect(errorUnder(label)).toBe(wrong);
      expect(screen.queryByTestId('front-page')).toBeNull();
      fill(label, 'the password');
      await click(screen.getByRole('button', { name: confirm }));
      expect(await screen.findByTestId('front-page')).toBeTruthy();
      expect(notes()).toContain(done);
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.url, c.body])).toEqual([
        ['/api/profile', { password: 'not it' }],
        ['/api/profile', { password: 'the password' }],
        ['/api/login', undefined],
      ]);
    },
  );

  it('asks an account with external logins for its username, and says why a deletion is refused', async () => {
    const calls = mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'GET /api/profile/data': { status: 200, body: { latest: null } },
      'GET /api/profile/deletion': {
        status: 200,
        body: { ...preview, erased_projects: [], confirm_with: 'username', external_logins: 1 },
      },
      'DELETE /api/profile': {
        status: 409,
        body: { Error: 'last admin', code: 'ACCOUNTS.LAST_ADMIN_DELETE' },
      },
    });
    await profileAndFront('en');
    await click(await screen.findByRole('button', { name: 'Delete my account…' }));
    await screen.findByTestId('delete-account-form');
    expect(screen.queryByTestId('delete-account-projects')).toBeNull();
    await click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    // the field has a hint too: the error is the second of the texts that describe it
    expect(input('Your username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Fill in this field to confirm.')).toBeTruthy();
    fill('Your username', participantUser.username);
    await click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ username: participantUser.username });
    expect(notes()).toContain(
      'You are the last active administrator: make someone else an administrator first.',
    );
    expect(screen.queryByTestId('front-page')).toBeNull();
  });
});

describe('PolicyPage', () => {
  it.each([
    ['en', 'Privacy policy', /session cookie/],
    ['el', 'Πολιτική απορρήτου', /cookie της συνεδρίας/],
  ] as const)('explains what is stored (%s)', async (locale, title, cookies) => {
    // no policy written in the settings (here: not answered): the default text
    mockFetch({});
    await page('/policy', <PolicyPage />, '/policy', { locale });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('policy-cookies').textContent).toMatch(cookies);
    expect(screen.getByTestId('policy-storage').textContent).toMatch(/localStorage|local storage/);
  });
});

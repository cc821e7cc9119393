import { act, fireEvent, screen } from '@testing-library/react';
import type { InvitationHashAnswer } from '@agora/contracts/api';
import { notificationsAtom } from '@agora/platform';
import { click, mockFetch, participantUser, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';

const HASH = 'h4sh';
const GET = `GET /api/invitation/hash/${HASH}`;
const POST = `POST /api/invitation/hash/${HASH}`;
const RULES_URL = '/api/validation/scope/users/fields/password';
const RULES = { password: { required: true, min_size: 8, max_size: 128 } };

const INVITATION: InvitationHashAnswer = {
  firstname: 'Ελένη',
  lastname: 'Γεωργίου',
  with_oauth: false,
  expired: false,
  accepted: false,
  providers: [],
};

async function render(
  routes: FakeRoutes,
  locale: 'el' | 'en' = 'en',
  user: typeof participantUser | null = null,
  search = '',
) {
  document.cookie = 'token=tok';
  const calls = mockFetch({
    [GET]: { status: 200, body: INVITATION },
    [`GET ${RULES_URL}`]: { status: 200, body: RULES },
    'GET /api/settings': { status: 200, body: {} },
    ...routes,
  });
  const result = await renderWeb(<App basePath="" />, {
    route: `/invitation/accept/${HASH}${search}`,
    user,
    locale,
    probe: true,
  });
  return { ...result, calls };
}

async function type(label: RegExp, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

const lastNote = (store: Awaited<ReturnType<typeof render>>['store']) => store.get(notificationsAtom).at(-1);

describe('invitation accept page', () => {
  it('welcomes the invitee by name, in English and in Greek', async () => {
    const { unmount } = await render({});
    expect((await screen.findByTestId('invitation-welcome')).textContent).toContain(
      'Welcome, Ελένη Γεωργίου!',
    );
    unmount();
    await render({}, 'el');
    expect((await screen.findByTestId('invitation-welcome')).textContent).toContain(
      'Καλώς ήρθατε, Ελένη Γεωργίου!',
    );
  });

  it('sends a logged-in user to /', async () => {
    const { calls } = await render({}, 'en', participantUser);
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(calls.some((c) => c.url.startsWith('/api/invitation/'))).toBe(false);
  });

  it('says "email does not correspond to invitation" on a 409', async () => {
    const { store } = await render(
      {
        [POST]: {
          status: 409,
          body: { Error: 'email does not correspond to invitation', code: 'MAILING.INVITATION_EMAIL' },
        },
      },
      'el',
    );
    await screen.findByTestId('invitation-accept-form');
    await type(/^Διεύθυνση ηλεκτρονικού ταχυδρομείου/, 'other@example.org');
    await type(/^Κωδικός πρόσβασης/, 'a-long-secret');
    await type(/^Επανάληψη κωδικού/, 'a-long-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(screen.getByTestId('invitation-accept-form').textContent).toContain(
      'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν αντιστοιχεί στην πρόσκληση.',
    );
    expect(lastNote(store)).toMatchObject({
      type: 'warning',
      body: 'platform.error.MAILING.INVITATION_EMAIL',
    });
    expect(screen.getByTestId('location').textContent).toBe(`/invitation/accept/${HASH}`);
  });

  it("says 'action denied' on another refusal", async () => {
    const { store } = await render({ [POST]: { status: 500, body: { Error: 'boom', code: 'INTERNAL' } } });
    await screen.findByTestId('invitation-accept-form');
    await type(/^E-mail address/, 'eleni@example.org');
    await type(/^Password/, 'a-long-secret');
    await type(/^Repeat password/, 'a-long-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(lastNote(store)).toMatchObject({ type: 'danger', body: 'action denied' });
    expect(screen.getByTestId('invitation-error')).toBeTruthy();
  });

  it('refuses different passwords without sending', async () => {
    const { calls } = await render({});
    await screen.findByTestId('invitation-accept-form');
    await type(/^E-mail address/, 'eleni@example.org');
    await type(/^Password/, 'a-long-secret');
    await type(/^Repeat password/, 'another-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(screen.getByTestId('invitation-accept-form').textContent).toContain('Passwords do not match');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('accepts, logs in with the new user name and password, and lands on /', async () => {
    const profile = { ...participantUser, username: 'eleni', email: 'eleni@example.org' };
    const { calls, store } = await render({
      [POST]: { status: 200, body: { uuid: '00000000-0000-4000-8000-000000000001', username: 'eleni' } },
      'POST /api/login': { status: 200, body: { loggedin: true, user: profile } },
      'GET /api/profile': { status: 200, body: profile },
    });
    await screen.findByTestId('invitation-accept-form');
    await type(/^E-mail address/, ' eleni@example.org ');
    await type(/^Password/, 'a-long-secret');
    await type(/^Repeat password/, 'a-long-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(calls.find((c) => c.url === `/api/invitation/hash/${HASH}` && c.method === 'POST')?.body).toEqual({
      email: 'eleni@example.org',
      password: 'a-long-secret',
    });
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({
      username: 'eleni',
      password: 'a-long-secret',
    });
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(lastNote(store)).toMatchObject({ type: 'success', body: 'Welcome! Your account is ready.' });
  });

  it.each([
    ['the login after accepting fails', { username: 'eleni' }],
    ['the answer does not tell the user name', {}],
  ])('sends to /login with a success message when %s', async (_case, extra) => {
    const { store, calls } = await render({
      [POST]: { status: 200, body: { uuid: '00000000-0000-4000-8000-000000000001', ...extra } },
      'POST /api/login': {
        status: 401,
        body: { Error: 'wrong credentials', code: 'ACCOUNTS.WRONG_CREDENTIALS' },
      },
    });
    await screen.findByTestId('invitation-accept-form');
    await type(/^E-mail address/, 'eleni@example.org');
    await type(/^Password/, 'a-long-secret');
    await type(/^Repeat password/, 'a-long-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(lastNote(store)).toMatchObject({
      type: 'success',
      body: 'Your account is ready: you can now log in.',
    });
    expect(calls.filter((c) => c.url === '/api/login')).toHaveLength('username' in extra ? 1 : 0);
  });

  it('lets an invitee flagged for an external login set a password too', async () => {
    const { calls } = await render({
      [GET]: { status: 200, body: { ...INVITATION, with_oauth: true, providers: ['google', 'open'] } },
      [POST]: { status: 409, body: { Error: 'x', code: 'MAILING.INVITATION_EMAIL' } },
    });
    await screen.findByTestId('invitation-accept-form');
    await type(/^E-mail address/, 'eleni@example.org');
    await type(/^Password/, 'a-long-secret');
    await type(/^Repeat password/, 'a-long-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'eleni@example.org',
      password: 'a-long-secret',
    });
    expect(screen.getByTestId('invitation-login-google')).toBeTruthy();
  });

  it.each([
    [{ status: 410, body: { Error: 'expired', code: 'MAILING.INVITATION_EXPIRED' } }, 'invitation-expired'],
    [
      { status: 410, body: { Error: 'withdrawn', code: 'MAILING.INVITATION_CANCELLED' } },
      'invitation-cancelled',
    ],
    [
      { status: 409, body: { Error: 'accepted', code: 'MAILING.INVITATION_ACCEPTED' } },
      'invitation-accepted',
    ],
  ])('shows the clear page when accepting finds the invitation closed (%j)', async (answer, testId) => {
    await render({ [POST]: answer });
    await screen.findByTestId('invitation-accept-form');
    await type(/^E-mail address/, 'eleni@example.org');
    await type(/^Password/, 'a-long-secret');
    await type(/^Repeat password/, 'a-long-secret');
    await click(screen.getByTestId('invitation-accept'));
    expect(screen.getByTestId(testId)).toBeTruthy();
    expect(screen.queryByTestId('invitation-accept-form')).toBeNull();
  });

  it.each([
    ['en', 'This invitation was withdrawn by the administrators: its link no longer works.'],
    ['el', 'Αυτή η πρόσκληση ανακλήθηκε από τους διαχειριστές: ο σύνδεσμός της δεν ισχύει πια.'],
  ] as const)('says that a withdrawn invitation was withdrawn, on opening it (%s)', async (locale, text) => {
    await render(
      { [GET]: { status: 410, body: { Error: 'withdrawn', code: 'MAILING.INVITATION_CANCELLED' } } },
      locale,
    );
    expect((await screen.findByTestId('invitation-cancelled')).textContent).toContain(text);
    expect(screen.queryByTestId('invitation-accept-form')).toBeNull();
    expect(screen.queryByTestId('invitation-expired')).toBeNull();
  });

  it.each([
    [
      { status: 404, body: { Error: 'not found', code: 'MAILING.INVITATION_NOT_FOUND' } },
      'invitation-unknown',
    ],
    [{ status: 410, body: { Error: 'expired', code: 'MAILING.INVITATION_EXPIRED' } }, 'invitation-expired'],
    [{ status: 200, body: { ...INVITATION, expired: true } }, 'invitation-expired'],
    [{ status: 200, body: { ...INVITATION, accepted: true } }, 'invitation-accepted'],
  ])('shows a clear page for an unknown, expired or accepted invitation (%j)', async (answer, testId) => {
    await render({ [GET]: answer });
    expect(await screen.findByTestId(testId)).toBeTruthy();
    expect(screen.queryByTestId('invitation-accept-form')).toBeNull();
  });
});

describe('invitation accept page: external logins', () => {
  const WITH_OAUTH = { ...INVITATION, with_oauth: true, providers: ['open', 'google', 'facebook'] };
  const SETTINGS = { isOpenAuthEnabled: true, openAuthTitle: 'Δημοτική σύνδεση' };

  it('offers a button per external login, named as on the login page, starting it for this invitation', async () => {
    await render({
      [GET]: { status: 200, body: WITH_OAUTH },
      'GET /api/settings': { status: 200, body: SETTINGS },
    });
    const logins = await screen.findByTestId('invitation-logins');
    expect(logins.textContent).toContain('Or accept with');
    const open = screen.getByTestId('invitation-login-open');
    expect(open.textContent).toBe('Δημοτική σύνδεση');
    expect(open.getAttribute('href')).toBe(`/api/oauth?invitation=${HASH}`);
    expect(screen.getByTestId('invitation-login-google').getAttribute('href')).toBe(
      `/api/goauth?invitation=${HASH}`,
    );
    expect(screen.getByTestId('invitation-login-facebook').getAttribute('href')).toBe(
      `/api/fblogin?invitation=${HASH}`,
    );
    // the password form stays, and the welcome text names both ways
    expect(screen.getByTestId('invitation-accept-form')).toBeTruthy();
    expect(screen.getByTestId('invitation-welcome').textContent).toContain(
      'choose a password, or use one of the logins below,',
    );
  });

  it('names the OpenID login generically without a title, in Greek', async () => {
    await render({ [GET]: { status: 200, body: { ...WITH_OAUTH, providers: ['open'] } } }, 'el');
    expect((await screen.findByTestId('invitation-login-open')).textContent).toBe('Ενιαία σύνδεση');
    expect(screen.getByTestId('invitation-logins').textContent).toContain('Ή αποδεχτείτε με');
    expect(screen.getByTestId('invitation-welcome').textContent).toContain(
      'ή συνδεθείτε με έναν από τους λογαριασμούς που ακολουθούν',
    );
  });

  it('shows no buttons for an invitation sent without OAuth', async () => {
    await render({});
    await screen.findByTestId('invitation-accept-form');
    expect(screen.queryByTestId('invitation-logins')).toBeNull();
    expect(screen.getByTestId('invitation-welcome').textContent).toContain(
      'choose a password to create your account',
    );
  });

  it.each([
    ['en', 'MAILING.INVITATION_EMAIL', 'The e-mail does not correspond to the invitation.'],
    [
      'el',
      'MAILING.INVITATION_EMAIL',
      'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν αντιστοιχεί στην πρόσκληση.',
    ],
    ['en', 'ACCOUNTS.OAUTH_UNVERIFIED', 'The external provider has not verified this e-mail address.'],
    [
      'el',
      'ACCOUNTS.OAUTH_UNVERIFIED',
      'Ο εξωτερικός πάροχος δεν έχει επαληθεύσει αυτή τη διεύθυνση ηλεκτρονικού ταχυδρομείου.',
    ],
    ['en', 'ACCOUNTS.OAUTH_FAILED', 'Signing in with the external provider failed.'],
    ['el', 'not-a-code', 'Η σύνδεση μέσω του εξωτερικού παρόχου απέτυχε.'],
  ] as const)('says why the external login came back (%s, %s)', async (locale, code, text) => {
    await render({ [GET]: { status: 200, body: WITH_OAUTH } }, locale, null, `?error=${code}`);
    expect((await screen.findByTestId('invitation-login-error')).textContent).toBe(text);
    expect(screen.getByTestId('invitation-logins')).toBeTruthy();
  });

  it.each([
    ['MAILING.INVITATION_EXPIRED', { expired: true }, 'invitation-expired'],
    ['MAILING.INVITATION_ACCEPTED', { accepted: true }, 'invitation-accepted'],
  ] as const)('shows the closed page after %s', async (code, state, testId) => {
    await render({ [GET]: { status: 200, body: { ...WITH_OAUTH, ...state } } }, 'en', null, `?error=${code}`);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    expect(screen.queryByTestId('invitation-logins')).toBeNull();
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { verifyTicket } from '@agora/common';
import { SESSION_SET_HEADER } from '@agora/contracts';
import { INVITATION_LOGIN_TICKET, INVITATION_TICKET_TTL_MS } from '@agora/contracts/api';
import { bootTestService, TEST_KEYS, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService } from '../index.js';
import {
  FACEBOOK_APP_ID,
  FACEBOOK_APP_SECRET,
  startFakeFacebook,
  type FakeFacebook,
} from '../../test/facebook.js';
import {
  atProvider as playProvider,
  Jar,
  OIDC_CLIENT_ID as CLIENT_ID,
  OIDC_CLIENT_SECRET as CLIENT_SECRET,
  startOidcProvider,
  type OidcProvider,
} from '../../test/oidc.js';

/**
 * External login against a real OpenID Connect provider (oidc-provider, in-process on a loopback port, its
 * development login and consent forms driven over HTTP) and a local fake of Facebook's OAuth 2 + Graph API.
 */

const PUBLIC_URL = 'http://agora.test';

/** The provider's accounts: the dev login form accepts any login name; these have claims. */
const ACCOUNTS: Record<string, Record<string, string | boolean>> = {
  'alice-sub': {
    email: 'alice@example.org',
    email_verified: true,
    given_name: 'Alice',
    family_name: 'Liddell',
    name: 'Alice Liddell',
    preferred_username: 'alice',
  },
  'second-alice': { email: 'alice2@example.org', name: 'Alice Other', preferred_username: 'alice' },
  'taken-email': { email: 'Admin@localhost', name: 'Not The Admin' },
};

describe('external login (real OpenID Connect provider)', () => {
  let svc: TestService;
  let server: ReturnType<TestService['app']['getHttpServer']>;
  let oidc: OidcProvider;
  let facebook: FakeFacebook;
  let issuer: string;

  beforeAll(async () => {
    oidc = await startOidcProvider(PUBLIC_URL, ACCOUNTS);
    issuer = oidc.issuer;

    facebook = await startFakeFacebook();

    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: 'first-admin-password',
        PUBLIC_URL,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_TITLE: 'Municipality login',
        FACEBOOK_CLIENT_ID: FACEBOOK_APP_ID,
        FACEBOOK_CLIENT_SECRET: FACEBOOK_APP_SECRET,
        FACEBOOK_DIALOG_URL: `${facebook.url}/dialog/oauth`,
        FACEBOOK_GRAPH_URL: facebook.url,
      }),
    );
    server = svc.app.getHttpServer();
  });

  afterAll(async () => {
    await svc?.close();
    await oidc?.close();
    await facebook?.close();
  });

  const anonymous = () => svc.identity(null);

  /** GET on the accounts app of a public URL (`http://agora.test/api/x` → `/x`), as the gateway forwards it. */
  function viaGateway(url: string) {
    expect(url.startsWith(`${PUBLIC_URL}/api/`)).toBe(true);
    return request(server)
      .get(url.slice(`${PUBLIC_URL}/api`.length))
      .set('x-agora-identity', anonymous())
      .redirects(0);
  }

  /** Plays the browser at the provider: follows redirects, fills in the login and consent forms. */
  const atProvider = (start: string, jar: Jar, login: string, prompts: string[] = []) =>
    playProvider(start, PUBLIC_URL, jar, login, prompts);

  /** `/oauth` → provider → the callback URL the provider sent the browser to (not yet followed). */
  async function startLogin(jar: Jar, login: string, referrer?: string, prompts?: string[]): Promise<string> {
    const start = await request(server)
      .get('/oauth')
      .query(referrer === undefined ? {} : { referrer })
      .set('x-agora-identity', anonymous())
      .redirects(0);
    expect(start.status).toBe(302);
    expect(start.headers.location.startsWith(`${issuer}/auth?`)).toBe(true);
    return atProvider(start.headers.location, jar, login, prompts);
  }

  async function resolve(sid: string) {
    return request(server)
      .post('/internal/sessions/resolve')
      .set('x-agora-identity', svc.identity(null, { sys: 'gateway' }))
      .send({ sid });
  }

  const aliceJar = new Jar();
  let aliceUuid: string;

  it('sends the browser to the provider with state, nonce and PKCE (S256), and keeps only their server side', async () => {
    const res = await request(server).get('/oauth').set('x-agora-identity', anonymous()).redirects(0);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oauth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state')!;
    const nonce = url.searchParams.get('nonce')!;
    const [row] = await svc.db.query<{ nonce: string; verifier: string; provider: string; expires_at: Date }>(
      `SELECT nonce, verifier, provider, expires_at FROM accounts.oauth_request WHERE state_hash = $1`,
      [createHash('sha256').update(state).digest('hex')],
    );
    if (!row) throw new Error('no stored request for this state');
    expect(row).toMatchObject({ nonce, provider: 'open' });
    expect(createHash('sha256').update(row.verifier).digest('base64url')).toBe(
      url.searchParams.get('code_challenge'),
    );
    const ttl = new Date(row.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('creates an authorized user on the first login, with a session the gateway can resolve, back to the referrer', async () => {
    const prompts: string[] = [];
    const callback = await startLogin(aliceJar, 'alice-sub', '/participate/3?tab=map', prompts);
    expect(prompts).toEqual(['login', 'consent']); // the provider's own forms were filled in
    const res = await viaGateway(callback);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/participate/3?tab=map');
    const sid = res.headers[SESSION_SET_HEADER] as string;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resolved = await resolve(sid);
    expect(resolved.status).toBe(200);
    expect(resolved.body.user).toMatchObject({
      username: 'alice',
      firstname: 'Alice',
      lastname: 'Liddell',
      email: 'alice@example.org',
      role: 'authorized',
    });
    aliceUuid = resolved.body.user.uuid;
    const [identity] = await svc.db.query(
      `SELECT user_uuid, provider, subject, email FROM accounts.external_identity WHERE subject = 'alice-sub'`,
    );
    expect(identity).toEqual({
      user_uuid: aliceUuid,
      provider: 'open',
      subject: 'alice-sub',
      email: 'alice@example.org',
    });
    const [user] = await svc.db.query(
      `SELECT password_hash, last_login FROM accounts."user" WHERE uuid = $1`,
      [aliceUuid],
    );
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.last_login).not.toBeNull();
    // the password login does not know any password of this user
    const pw = await request(server)
      .post('/login')
      .set('x-agora-identity', anonymous())
      .send({ username: 'alice', password: '' });
    expect(pw.status).not.toBe(200);
  });

  it('maps a later login of the same provider account to the same user (new session each time)', async () => {
    const callback = await startLogin(aliceJar, 'alice-sub');
    const res = await viaGateway(callback);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const resolved = await resolve(res.headers[SESSION_SET_HEADER] as string);
    expect(resolved.body.user.uuid).toBe(aliceUuid);
    const [{ count }] = await svc.db.query(
      `SELECT count(*)::int AS count FROM accounts."user" WHERE email ILIKE 'alice%'`,
    );
    expect(count).toBe(1);
  });

  it('answers a replayed state with /login?error=oauth and no session', async () => {
    const callback = await startLogin(new Jar(), 'alice-sub');
    const first = await viaGateway(callback);
    expect(first.headers[SESSION_SET_HEADER]).toBeDefined();
    const replay = await viaGateway(callback);
    expect(replay.status).toBe(302);
    expect(replay.headers.location).toBe('/login?error=oauth');
    expect(replay.headers[SESSION_SET_HEADER]).toBeUndefined();
  });

  it("hands an invitation's login to mailing in a ticket signed with accounts' key, whose nonce is no state", async () => {
    const token = randomBytes(32).toString('base64url');
    const start = await request(server)
      .get('/oauth')
      .query({ invitation: token })
      .set('x-agora-identity', anonymous())
      .redirects(0);
    const callback = await atProvider(start.headers.location, new Jar(), 'alice-sub');
    const res = await viaGateway(callback);
    // no session here, no call to mailing: the browser goes to mailing's route with the ticket
    expect(res.status).toBe(302);
    expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    const location = new URL(res.headers.location as string, PUBLIC_URL);
    expect(location.pathname).toBe(`/api/invitation/hash/${token}/external`);
    const checked = verifyTicket(location.searchParams.get('ticket') ?? undefined, {
      typ: INVITATION_LOGIN_TICKET,
      iss: 'accounts',
      aud: 'mailing',
      key: TEST_KEYS.accounts.publicKey,
    });
    expect(checked).toMatchObject({
      ok: true,
      ticket: { token, provider: 'open', subject: 'alice-sub', email: 'alice@example.org' },
    });
    const ticket = checked.ok ? checked.ticket : null;
    expect(ticket!.exp - ticket!.iat).toBe(INVITATION_TICKET_TTL_MS);
    // the completion kept for the ticket's nonce is not a login request: as a state it is refused (and used up)
    const asState = await request(server)
      .get('/oauth/callback')
      .query({ state: ticket!.nonce, code: 'x' })
      .set('x-agora-identity', anonymous())
      .redirects(0);
    expect(asState.headers.location).toBe('/login?error=oauth');
    expect(
      await svc.db.query(`SELECT count(*)::int AS n FROM accounts.oauth_request WHERE invitation = $1`, [
        token,
      ]),
    ).toEqual([{ n: 0 }]);
  });

  it('answers a forged state, a missing state and a provider error with /login?error=oauth and no session', async () => {
    const callback = new URL(await startLogin(new Jar(), 'alice-sub'));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    const noState = new URL(callback);
    noState.searchParams.delete('state');
    for (const url of [forged, noState]) {
      const res = await viaGateway(url.href);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/login?error=oauth');
      expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    }
    // a tampered code with the right state: the token exchange fails, and the state is used up
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'not-a-code');
    const bad = await viaGateway(tampered.href);
    expect(bad.headers.location).toBe('/login?error=oauth');
    expect(bad.headers[SESSION_SET_HEADER]).toBeUndefined();
    const after = await viaGateway(callback.href);
    expect(after.headers.location).toBe('/login?error=oauth');

    // the user cancels at the provider
    const start = await request(server).get('/oauth').set('x-agora-identity', anonymous()).redirects(0);
    const state = new URL(start.headers.location).searchParams.get('state')!;
    const denied = await viaGateway(
      `${PUBLIC_URL}/api/oauth/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(issuer)}`,
    );
    expect(denied.headers.location).toBe('/login?error=oauth');
    expect(denied.headers[SESSION_SET_HEADER]).toBeUndefined();
  });

  it('ignores referrers that leave the site', async () => {
    for (const referrer of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const callback = await startLogin(aliceJar, 'alice-sub', referrer);
      const res = await viaGateway(callback);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/');
    }
    const callback = await startLogin(aliceJar, 'alice-sub', `${PUBLIC_URL}/profile`);
    expect((await viaGateway(callback)).headers.location).toBe('/profile');
  });

  it('makes usernames unique, refuses an e-mail that another account has, and stops inactive users', async () => {
    const second = await viaGateway(await startLogin(new Jar(), 'second-alice'));
    const user = (await resolve(second.headers[SESSION_SET_HEADER] as string)).body.user;
    expect(user).toMatchObject({
      username: 'alice2',
      firstname: 'Alice',
      lastname: 'Other',
      role: 'authorized',
    });

    const taken = await viaGateway(await startLogin(new Jar(), 'taken-email'));
    expect(taken.headers.location).toBe('/login?error=oauth_email');
    expect(taken.headers[SESSION_SET_HEADER]).toBeUndefined();

    await svc.db.query(`UPDATE accounts."user" SET active = false WHERE uuid = $1`, [aliceUuid]);
    const inactive = await viaGateway(await startLogin(aliceJar, 'alice-sub'));
    expect(inactive.status).toBe(302);
    expect(inactive.headers.location).toBe('/login?error=inactive');
    expect(inactive.headers[SESSION_SET_HEADER]).toBeUndefined();
    await svc.db.query(`UPDATE accounts."user" SET active = true WHERE uuid = $1`, [aliceUuid]);
  });

  it('answers 404 {"Error"} for a provider that is not configured', async () => {
    for (const path of ['/goauth', '/goauth/callback?state=x&code=y']) {
      const res = await request(server).get(path).set('x-agora-identity', anonymous()).redirects(0);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        Error: 'this login provider is not enabled',
        code: 'ACCOUNTS.OAUTH_DISABLED',
      });
    }
  });

  it('logs in with Facebook (OAuth 2 + Graph API, against a local fake of it)', async () => {
    const start = await request(server)
      .get('/fblogin')
      .query({ referrer: '/library' })
      .set('x-agora-identity', anonymous())
      .redirects(0);
    expect(start.status).toBe(302);
    const callback = await facebook.dialog(start.headers.location, {
      id: '10001',
      name: 'Fb User',
      first_name: 'Fb',
      last_name: 'User',
      email: 'fb.user@example.org',
    });
    const res = await viaGateway(callback);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/library');
    const user = (await resolve(res.headers[SESSION_SET_HEADER] as string)).body.user;
    expect(user).toMatchObject({
      username: 'fb.user',
      firstname: 'Fb',
      lastname: 'User',
      email: 'fb.user@example.org',
    });
    const [identity] = await svc.db.query(
      `SELECT provider, subject FROM accounts.external_identity WHERE user_uuid = $1`,
      [user.uuid],
    );
    expect(identity).toEqual({ provider: 'facebook', subject: '10001' });
  });
});

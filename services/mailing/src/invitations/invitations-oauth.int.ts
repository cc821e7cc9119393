// Accepting an invitation with an external login: the accounts service (with real OpenID Connect providers, one
// standing for Google, and a local fake of Facebook) and the mailing service on the real Postgres, calling each
// other's internal routes over HTTP.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER, SESSION_SET_HEADER } from '@agora/contracts';
import { bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService } from '../../../accounts/src/index.js';
import {
  FACEBOOK_APP_ID,
  FACEBOOK_APP_SECRET,
  startFakeFacebook,
  type FacebookProfile,
  type FakeFacebook,
} from '../../../accounts/src/test/facebook.js';
import {
  atProvider,
  Jar,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startOidcProvider,
  type OidcAccounts,
  type OidcProvider,
} from '../../../accounts/src/test/oidc.js';
import { createMailingService } from '../service.js';
import { freePort } from '../test/harness.js';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://agora.test';
const ROADS = randomUUID();
const PARKS = randomUUID();

/** The provider's accounts (subjects): the invitees' and others. */
const PROVIDER_ACCOUNTS: OidcAccounts = {
  'ada-sub': { email: 'Ada@Example.org', email_verified: true, name: 'Ada at the provider' },
  'eve-sub': { email: 'eve@example.org', email_verified: true, name: 'Eve' },
  'unverified-sub': { email: 'nora@example.org', email_verified: false, name: 'Nora' },
  'kim-sub': { email: 'kim@example.org', email_verified: true, name: 'Kim' },
  'lee-sub': { email: 'lee@example.org', name: 'Lee (no email_verified claim)' },
  'plain-sub': { email: 'plain@example.org', email_verified: true, name: 'Plain' },
};

/** Google's accounts: one has the subject of an account at the other provider (subjects are per provider). */
const GOOGLE_ACCOUNTS: OidcAccounts = {
  'ada-sub': { email: 'grace@example.org', email_verified: true, name: 'Grace at Google' },
  'ian-google': { email: 'ian@example.org', email_verified: true, name: 'Ian' },
};

let oidc: OidcProvider;
let google: OidcProvider;
let facebook: FakeFacebook;
let accounts: TestService;
let mailing: TestService;

beforeAll(async () => {
  oidc = await startOidcProvider(PUBLIC_URL, PROVIDER_ACCOUNTS);
  google = await startOidcProvider(PUBLIC_URL, GOOGLE_ACCOUNTS);
  facebook = await startFakeFacebook();
  const mailingPort = await freePort();
  accounts = await bootTestService(
    accountsService({
      AGORA_ADMIN_PASSWORD: 'Admin-password-1',
      PUBLIC_URL,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      FACEBOOK_CLIENT_ID: FACEBOOK_APP_ID,
      FACEBOOK_CLIENT_SECRET: FACEBOOK_APP_SECRET,
      FACEBOOK_DIALOG_URL: `${facebook.url}/dialog/oauth`,
      FACEBOOK_GRAPH_URL: facebook.url,
      MAILING_URL: `http://127.0.0.1:${mailingPort}`,
    }),
  );
  await accounts.app.listen(0, '127.0.0.1');
  const { port } = accounts.app.getHttpServer().address() as { port: number };
  mailing = await bootTestService(
    createMailingService({
      SMTP_URL: 'smtp://127.0.0.1:1',
      ACCOUNTS_URL: `http://127.0.0.1:${port}`,
      PUBLIC_URL,
    }),
    { redis: true },
  );
  await mailing.app.listen(mailingPort, '127.0.0.1');
});

afterAll(async () => {
  await mailing?.close();
  await accounts?.close();
  await oidc?.close();
  await google?.close();
  await facebook?.close();
});

interface Invited {
  id: string;
  token: string;
}

/** An invitation as sending writes it (the link's token known here, only its hash stored). */
async function invite(
  email: string,
  opts: { withOAuth?: boolean; expires?: string; locale?: 'el' | 'en' } = {},
): Promise<Invited> {
  const token = randomBytes(32).toString('base64url');
  const enrolment = [
    { category: ROADS, mname: 'roads', role: 'expert' },
    { category: PARKS, mname: 'parks', role: 'normal' },
  ];
  const [row] = await mailing.db.query<{ id: string }>(
    `INSERT INTO mailing.invitation (token_hash, firstname, lastname, email, locale, enrolment, with_oauth, batch,
                                     expires)
     VALUES ($1, 'Ada', 'Lovelace', $2, $3, $4::jsonb, $5, gen_random_uuid(), now() + $6::interval)
     RETURNING id::text`,
    [
      createHash('sha256').update(token).digest('hex'),
      email,
      opts.locale ?? 'en',
      JSON.stringify(enrolment),
      opts.withOAuth ?? true,
      opts.expires ?? '7 days',
    ],
  );
  return { id: row!.id, token };
}

/**
 * An accept page's button: `/api/<route>?invitation=…`, the browser at the provider (`atProvider`: from the
 * provider's URL to where it sends the browser back), then the callback (followed).
 */
async function acceptWith(
  route: 'oauth' | 'goauth' | 'fblogin',
  token: string,
  providerUrl: string,
  browser: (start: string) => Promise<string>,
) {
  const start = await request(accounts.app.getHttpServer())
    .get(`/${route}`)
    .query({ invitation: token })
    .set(IDENTITY_HEADER, accounts.identity(null))
    .redirects(0);
  expect(start.status).toBe(302);
  expect((start.headers.location as string).startsWith(`${providerUrl}/`)).toBe(true);
  const callback = await browser(start.headers.location as string);
  expect(callback.startsWith(`${PUBLIC_URL}/api/${route}/callback?`)).toBe(true);
  return request(accounts.app.getHttpServer())
    .get(callback.slice(`${PUBLIC_URL}/api`.length))
    .set(IDENTITY_HEADER, accounts.identity(null))
    .redirects(0);
}

/** With the OpenID Connect provider, logged in there as `login`. */
const loginFromInvitation = (token: string, login: string) =>
  acceptWith('oauth', token, oidc.issuer, (start) => atProvider(start, PUBLIC_URL, new Jar(), login));

/** With Google, logged in there as `login`. */
const googleFromInvitation = (token: string, login: string) =>
  acceptWith('goauth', token, google.issuer, (start) => atProvider(start, PUBLIC_URL, new Jar(), login));

/** With Facebook, logged in there as `person`. */
const facebookFromInvitation = (token: string, person: FacebookProfile) =>
  acceptWith('fblogin', token, facebook.url, (start) => facebook.dialog(start, person));

const refusedTo = (token: string, code: string) =>
  `/invitation/accept/${encodeURIComponent(token)}?error=${code}`;

async function invitation(id: string) {
  const [row] = await mailing.db.query<{
    accepted: Date | null;
    user_uuid: string | null;
    failed_attempts: number;
  }>(`SELECT accepted, user_uuid::text, failed_attempts FROM mailing.invitation WHERE id = $1`, [id]);
  return row!;
}

const usersWithEmail = async (email: string) =>
  (
    await accounts.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts."user" WHERE lower(email) = lower($1)`,
      [email],
    )
  )[0]!.n;

/**
 * The callback's answer to an accepted invitation: a session for the user made from the invitation (its id, names,
 * e-mail and locale), enrolled as invited, linked to this provider account only; the invitation accepted.
 */
async function expectAccepted(
  res: request.Response,
  { id, email, locale }: { id: string; email: string; locale: 'el' | 'en' },
  linked: { provider: string; subject: string; email: string },
) {
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/');
  const sid = res.headers[SESSION_SET_HEADER] as string;
  expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const resolved = await request(accounts.app.getHttpServer())
    .post('/internal/sessions/resolve')
    .set(IDENTITY_HEADER, accounts.identity(null, { sys: 'gateway' }))
    .send({ sid });
  expect(resolved.status).toBe(200);
  // the names are the invitation's, not the provider's; the uuid is the invitation's id
  expect(resolved.body.user).toMatchObject({
    uuid: id,
    firstname: 'Ada',
    lastname: 'Lovelace',
    email,
    role: 'authorized',
  });
  expect(await accounts.db.query(`SELECT locale FROM accounts."user" WHERE uuid = $1`, [id])).toEqual([
    { locale },
  ]);
  expect(
    await accounts.db.query(
      `SELECT provider, subject, email FROM accounts.external_identity WHERE user_uuid = $1`,
      [id],
    ),
  ).toEqual([linked]);
  const enrolments = await accounts.db.query(
    `SELECT category::text, role FROM accounts.enrolment WHERE user_uuid = $1 ORDER BY role`,
    [id],
  );
  expect(enrolments).toEqual([
    { category: ROADS, role: 'expert' },
    { category: PARKS, role: 'normal' },
  ]);
  expect(await invitation(id)).toMatchObject({ user_uuid: id, failed_attempts: 0 });
  expect((await invitation(id)).accepted).not.toBeNull();
}

describe('accepting an invitation with an external login', () => {
  it('creates the user from the invitation, linked to the provider account and enrolled, and logs it in', async () => {
    const { id, token } = await invite('ada@example.org', { locale: 'el' });
    const res = await loginFromInvitation(token, 'ada-sub');
    await expectAccepted(
      res,
      { id, email: 'ada@example.org', locale: 'el' },
      { provider: 'open', subject: 'ada-sub', email: 'Ada@Example.org' },
    );

    // the link is used up; the provider account now simply logs in
    const again = await loginFromInvitation(token, 'ada-sub');
    expect(again.headers.location).toBe(refusedTo(token, 'MAILING.INVITATION_ACCEPTED'));
    expect(again.headers[SESSION_SET_HEADER]).toBeUndefined();
  });

  it('refuses a provider e-mail that is not the invited one, and counts it towards the lock', async () => {
    const { id, token } = await invite('zoe@example.org');
    const res = await loginFromInvitation(token, 'eve-sub');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(refusedTo(token, 'MAILING.INVITATION_EMAIL'));
    expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null, failed_attempts: 1 });
    expect(await usersWithEmail('eve@example.org')).toBe(0);
    expect(await usersWithEmail('zoe@example.org')).toBe(0);
  });

  it('refuses an e-mail the provider says it has not verified; accepts one it says nothing about', async () => {
    const unverified = await invite('nora@example.org');
    const res = await loginFromInvitation(unverified.token, 'unverified-sub');
    expect(res.headers.location).toBe(refusedTo(unverified.token, 'ACCOUNTS.OAUTH_UNVERIFIED'));
    expect(await invitation(unverified.id)).toMatchObject({ accepted: null, failed_attempts: 0 });
    expect(await usersWithEmail('nora@example.org')).toBe(0);

    const silent = await invite('lee@example.org');
    const ok = await loginFromInvitation(silent.token, 'lee-sub');
    expect(ok.headers.location).toBe('/');
    expect((await invitation(silent.id)).user_uuid).toBe(silent.id);
  });

  it('refuses an expired invitation and one sent without OAuth', async () => {
    const expired = await invite('kim@example.org', { expires: '-1 minute' });
    const late = await loginFromInvitation(expired.token, 'kim-sub');
    expect(late.headers.location).toBe(refusedTo(expired.token, 'MAILING.INVITATION_EXPIRED'));

    const plain = await invite('plain@example.org', { withOAuth: false });
    const res = await loginFromInvitation(plain.token, 'plain-sub');
    expect(res.headers.location).toBe(refusedTo(plain.token, 'MAILING.INVITATION_NO_OAUTH'));
    expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(plain.id)).toMatchObject({ accepted: null, failed_attempts: 0 });
    expect(await usersWithEmail('plain@example.org')).toBe(0);
    expect(await usersWithEmail('kim@example.org')).toBe(0);
  });

  it('refuses a provider account linked to another user already', async () => {
    // kim logs in with the provider under an earlier address: a user of its own, linked to kim's provider account
    PROVIDER_ACCOUNTS['kim-sub']!.email = 'kim.old@example.org';
    const first = await request(accounts.app.getHttpServer())
      .get('/oauth')
      .set(IDENTITY_HEADER, accounts.identity(null))
      .redirects(0);
    const callback = await atProvider(first.headers.location as string, PUBLIC_URL, new Jar(), 'kim-sub');
    const own = await request(accounts.app.getHttpServer())
      .get(callback.slice(`${PUBLIC_URL}/api`.length))
      .set(IDENTITY_HEADER, accounts.identity(null))
      .redirects(0);
    expect(own.headers.location).toBe('/');
    // the provider account now has the invited address: it is linked to kim's user, not to a new one
    PROVIDER_ACCOUNTS['kim-sub']!.email = 'kim@example.org';
    const { id, token } = await invite('kim@example.org');
    const res = await loginFromInvitation(token, 'kim-sub');
    expect(res.headers.location).toBe(refusedTo(token, 'ACCOUNTS.OAUTH_LINKED'));
    expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null });
    expect(await usersWithEmail('kim@example.org')).toBe(0);
  });

  it('completes on a retry when marking the invitation accepted failed after the user was created', async () => {
    const { id, token } = await invite('eve@example.org');
    // the last step fails once: mailing cannot write the acceptance
    await mailing.db.query(`
      CREATE FUNCTION mailing.refuse_accept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'acceptance refused for the test'; END $$;
      CREATE TRIGGER refuse_accept BEFORE UPDATE OF accepted ON mailing.invitation
        FOR EACH ROW WHEN (NEW.accepted IS NOT NULL) EXECUTE FUNCTION mailing.refuse_accept();`);
    const failed = await loginFromInvitation(token, 'eve-sub');
    expect(failed.headers.location).toBe(refusedTo(token, 'ACCOUNTS.MAILING_UNAVAILABLE'));
    expect(failed.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null });
    // the first step (the user, its link, its enrolments) is done, in one transaction
    expect(await usersWithEmail('eve@example.org')).toBe(1);
    await mailing.db.query(
      `DROP TRIGGER refuse_accept ON mailing.invitation; DROP FUNCTION mailing.refuse_accept()`,
    );

    const retry = await loginFromInvitation(token, 'eve-sub');
    expect(retry.headers.location).toBe('/');
    expect(retry.headers[SESSION_SET_HEADER]).toBeDefined();
    expect(await invitation(id)).toMatchObject({ user_uuid: id });
    expect(await usersWithEmail('eve@example.org')).toBe(1);
    expect(
      await accounts.db.query(
        `SELECT count(*)::int AS n FROM accounts.external_identity WHERE subject = 'eve-sub'`,
      ),
    ).toEqual([{ n: 1 }]);
    expect(
      await accounts.db.query(`SELECT count(*)::int AS n FROM accounts.enrolment WHERE user_uuid = $1`, [id]),
    ).toEqual([{ n: 2 }]);
  });

  it('accepts through Google (an OpenID Connect issuer of its own), linking the Google account', async () => {
    const { id, token } = await invite('grace@example.org');
    // the subject is also one at the other provider: the link is to Google's account of that subject
    const res = await googleFromInvitation(token, 'ada-sub');
    await expectAccepted(
      res,
      { id, email: 'grace@example.org', locale: 'en' },
      { provider: 'google', subject: 'ada-sub', email: 'grace@example.org' },
    );

    // a Google account with another e-mail goes back to the accept page with the e-mail error
    const other = await invite('ivy@example.org');
    const refused = await googleFromInvitation(other.token, 'ian-google');
    expect(refused.headers.location).toBe(refusedTo(other.token, 'MAILING.INVITATION_EMAIL'));
    expect(refused.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(other.id)).toMatchObject({ accepted: null, failed_attempts: 1 });
    expect(await usersWithEmail('ian@example.org')).toBe(0);
    expect(await usersWithEmail('ivy@example.org')).toBe(0);
  });

  it('accepts through Facebook (OAuth 2 and the Graph API), linking the Facebook account', async () => {
    const { id, token } = await invite('finn@example.org', { locale: 'el' });
    const finn = {
      id: '20001',
      name: 'Finn at Facebook',
      first_name: 'Finn',
      last_name: 'Facebook',
      email: 'Finn@Example.org',
    };
    const res = await facebookFromInvitation(token, finn);
    await expectAccepted(
      res,
      { id, email: 'finn@example.org', locale: 'el' },
      { provider: 'facebook', subject: '20001', email: 'Finn@Example.org' },
    );

    const again = await facebookFromInvitation(token, finn);
    expect(again.headers.location).toBe(refusedTo(token, 'MAILING.INVITATION_ACCEPTED'));
    expect(again.headers[SESSION_SET_HEADER]).toBeUndefined();
  });

  it('sends a Facebook profile with another e-mail, or none, back to the accept page with its error', async () => {
    const { id, token } = await invite('fay@example.org');
    const fay = { id: '20002', name: 'Fay', first_name: 'Fay', last_name: 'F' };

    const other = await facebookFromInvitation(token, { ...fay, email: 'fay.other@example.org' });
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe(refusedTo(token, 'MAILING.INVITATION_EMAIL'));
    expect(other.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null, failed_attempts: 1 });

    // the person declined to share the e-mail: refused before mailing is asked, not counted as a wrong one
    const none = await facebookFromInvitation(token, fay);
    expect(none.headers.location).toBe(refusedTo(token, 'ACCOUNTS.OAUTH_NO_EMAIL'));
    expect(none.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null, failed_attempts: 1 });
    expect(await usersWithEmail('fay.other@example.org')).toBe(0);
    expect(await usersWithEmail('fay@example.org')).toBe(0);
    expect(
      await accounts.db.query(
        `SELECT count(*)::int AS n FROM accounts.external_identity WHERE provider = 'facebook' AND subject = '20002'`,
      ),
    ).toEqual([{ n: 0 }]);

    // the invited address then accepts (and clears the count)
    const ok = await facebookFromInvitation(token, { ...fay, email: 'fay@example.org' });
    await expectAccepted(
      ok,
      { id, email: 'fay@example.org', locale: 'en' },
      { provider: 'facebook', subject: '20002', email: 'fay@example.org' },
    );
  });

  it('answers the mailing route only to the accounts service', async () => {
    const { id, token } = await invite('nobody@example.org');
    const post = (identity: string | null, body: object) => {
      const req = request(mailing.app.getHttpServer()).post('/internal/invitations/accept-external');
      if (identity) req.set(IDENTITY_HEADER, identity);
      return req.send(body);
    };
    const body = { token, provider: 'open', subject: 'nobody-sub', email: 'nobody@example.org' };
    expect((await post(null, body)).status).toBe(401);
    for (const who of [
      mailing.identity(null),
      mailing.identity({ ...TEST_ADMIN }),
      mailing.identity(null, { sys: 'consultation' }),
      mailing.identity(null, { sys: 'gateway' }),
    ]) {
      expect((await post(who, body)).status).toBe(403);
    }
    expect(await invitation(id)).toMatchObject({ accepted: null, failed_attempts: 0 });
    expect(await usersWithEmail('nobody@example.org')).toBe(0);
    // the accounts service's own call is answered: a bad body is 400 {"Error", "code"}
    const bad = await post(mailing.identity(null, { sys: 'accounts' }), { token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBeDefined();
  });
});

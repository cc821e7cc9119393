// Accepting an invitation with an external login: the accounts service (with real OpenID Connect providers, one
// standing for Google, and a local fake of Facebook) and the mailing service on the real Postgres. Accounts hands the
// provider's verdict to mailing in a signed ticket through the browser's redirect, mailing calls accounts' internal
// route over HTTP and hands the user back in a ticket of its own (decision 0054); the tests follow the redirects
// between the two services as the gateway routes them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { readTicket, signTicket } from '@agora/common';
import { IDENTITY_HEADER, SESSION_SET_HEADER, type IdentitySigner, type ServiceName } from '@agora/contracts';
import {
  INVITATION_LOGIN_TICKET,
  INVITATION_SESSION_TICKET,
  INVITATION_TICKET_TTL_MS,
} from '@agora/contracts/api';
import { bootTestService, TEST_KEYS, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService } from '../../../accounts/src/index.js';
import {
  FACEBOOK_APP_ID,
  FACEBOOK_APP_SECRET,
  startFakeFacebook,
  type FacebookProfile,
  type FakeFacebook,
} from '../../../accounts/test/facebook.js';
import {
  atProvider,
  Jar,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startOidcProvider,
  type OidcAccounts,
  type OidcProvider,
} from '../../../accounts/test/oidc.js';
import { createMailingService } from '../service.js';

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
  await mailing.app.listen(0, '127.0.0.1');
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

type Followed = request.Response & { hops: string[] };

/** A browser's GET of a site path `/api/…` at the service the gateway routes it to. */
const visit = (location: string) => {
  const to = location.startsWith('/api/invitation/') ? mailing : accounts;
  return request(to.app.getHttpServer())
    .get(location.slice('/api'.length))
    .set(IDENTITY_HEADER, to.identity(null))
    .redirects(0);
};

/**
 * The redirects of `res` followed while they stay on the two services' API paths; the last answer, with the paths
 * visited (`hops`: mailing's route with the login ticket, then accounts' completion with the session ticket).
 */
async function follow(res: request.Response): Promise<Followed> {
  const hops: string[] = [];
  for (;;) {
    const location = res.headers.location as string | undefined;
    if (res.status !== 302 || !location?.startsWith('/api/')) return Object.assign(res, { hops });
    hops.push(location);
    res = await visit(location);
  }
}

/** The ticket of a path visited. */
const ticketOf = (hop: string) => new URL(hop, PUBLIC_URL).searchParams.get('ticket')!;

/**
 * An accept page's button: `/api/<route>?invitation=…`, the browser at the provider (`atProvider`: from the
 * provider's URL to where it sends the browser back), then the callback, its redirects followed.
 */
async function acceptWith(
  route: 'oauth' | 'goauth' | 'fblogin',
  token: string,
  providerUrl: string,
  browser: (start: string) => Promise<string>,
): Promise<Followed> {
  const start = await request(accounts.app.getHttpServer())
    .get(`/${route}`)
    .query({ invitation: token })
    .set(IDENTITY_HEADER, accounts.identity(null))
    .redirects(0);
  expect(start.status).toBe(302);
  expect((start.headers.location as string).startsWith(`${providerUrl}/`)).toBe(true);
  const callback = await browser(start.headers.location as string);
  expect(callback.startsWith(`${PUBLIC_URL}/api/${route}/callback?`)).toBe(true);
  return follow(
    await request(accounts.app.getHttpServer())
      .get(callback.slice(`${PUBLIC_URL}/api`.length))
      .set(IDENTITY_HEADER, accounts.identity(null))
      .redirects(0),
  );
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

  /** Marking an invitation accepted fails (a trigger refuses it) until `allowMarking`. */
  const refuseMarking = () =>
    mailing.db.query(`
      CREATE FUNCTION mailing.refuse_accept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'acceptance refused for the test'; END $$;
      CREATE TRIGGER refuse_accept BEFORE UPDATE OF accepted ON mailing.invitation
        FOR EACH ROW WHEN (NEW.accepted IS NOT NULL) EXECUTE FUNCTION mailing.refuse_accept();`);
  const allowMarking = () =>
    mailing.db.query(
      `DROP TRIGGER refuse_accept ON mailing.invitation; DROP FUNCTION mailing.refuse_accept()`,
    );

  it('makes a login ticket replayed after a failed mark complete once, as a retry would', async () => {
    const { id, token } = await invite('ria@example.org');
    PROVIDER_ACCOUNTS['ria-sub'] = { email: 'ria@example.org', email_verified: true, name: 'Ria' };
    await refuseMarking();
    const failed = await loginFromInvitation(token, 'ria-sub');
    await allowMarking();
    expect(failed.headers.location).toBe(refusedTo(token, 'INTERNAL'));
    const [toMailing] = failed.hops;
    expect(failed.hops).toHaveLength(1);
    // the same ticket within its two minutes: the same acceptance (the same user), marked now, and one session
    const replayed = await follow(await visit(toMailing!));
    await expectAccepted(
      replayed,
      { id, email: 'ria@example.org', locale: 'en' },
      { provider: 'open', subject: 'ria-sub', email: 'ria@example.org' },
    );
    const again = await follow(await visit(toMailing!));
    expect(again.headers.location).toBe(refusedTo(token, 'MAILING.INVITATION_ACCEPTED'));
    expect(again.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await usersWithEmail('ria@example.org')).toBe(1);
  });

  it('refuses an invited e-mail that another user has meanwhile, writing nothing', async () => {
    const { id, token } = await invite('sam@example.org');
    await accounts.db.query(
      `INSERT INTO accounts."user" (uuid, username, firstname, lastname, email, role, password_hash, active)
       VALUES (gen_random_uuid(), 'sam_other', 'Sam', 'Other', 'SAM@example.org', 'authorized', 'x', true)`,
    );
    PROVIDER_ACCOUNTS['sam-sub'] = { email: 'sam@example.org', email_verified: true, name: 'Sam' };
    const res = await loginFromInvitation(token, 'sam-sub');
    expect(res.headers.location).toBe(refusedTo(token, 'ACCOUNTS.EMAIL_EXISTS'));
    expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null });
    expect(
      await accounts.db.query(
        `SELECT count(*)::int AS n FROM accounts.external_identity WHERE subject = 'sam-sub'`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('completes on a retry when marking the invitation accepted failed after the user was created', async () => {
    const { id, token } = await invite('eve@example.org');
    // the last step fails once: mailing cannot write the acceptance
    await refuseMarking();
    const failed = await loginFromInvitation(token, 'eve-sub');
    expect(failed.headers.location).toBe(refusedTo(token, 'INTERNAL'));
    expect(failed.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await invitation(id)).toMatchObject({ accepted: null });
    // the first step (the user, its link, its enrolments) is done, in one transaction
    expect(await usersWithEmail('eve@example.org')).toBe(1);
    await allowMarking();

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

  it('hands the login to mailing and the user back in tickets, each used once: a replay makes no session', async () => {
    const { id, token } = await invite('ada.replay@example.org');
    PROVIDER_ACCOUNTS['replay-sub'] = { email: 'ada.replay@example.org', email_verified: true, name: 'R' };
    const res = await loginFromInvitation(token, 'replay-sub');
    expect(res.headers.location).toBe('/');
    expect(res.headers[SESSION_SET_HEADER]).toBeDefined();
    // the callback went to mailing's route, mailing to accounts' completion; the tickets hold what they should
    const [toMailing, toAccounts] = res.hops;
    expect(toMailing!.startsWith(`/api/invitation/hash/${token}/external?ticket=`)).toBe(true);
    expect(toAccounts!.startsWith('/api/oauth/invitation/complete?ticket=')).toBe(true);
    const login = readTicket(ticketOf(toMailing!))!;
    const session = readTicket(ticketOf(toAccounts!))!;
    expect(login).toMatchObject({
      typ: INVITATION_LOGIN_TICKET,
      iss: 'accounts',
      aud: 'mailing',
      token,
      provider: 'open',
      subject: 'replay-sub',
      email: 'ada.replay@example.org',
    });
    expect(login.exp - login.iat).toBe(INVITATION_TICKET_TTL_MS);
    expect(session).toMatchObject({
      typ: INVITATION_SESSION_TICKET,
      iss: 'mailing',
      aud: 'accounts',
      token,
      provider: 'open',
      subject: 'replay-sub',
      user: id,
      nonce: login.nonce,
    });

    // the session ticket again: used up, no second session
    const again = await follow(await visit(toAccounts!));
    expect(again.headers.location).toBe(refusedTo(token, 'ACCOUNTS.OAUTH_FAILED'));
    expect(again.headers[SESSION_SET_HEADER]).toBeUndefined();
    // the login ticket again: the invitation is accepted (and a session ticket would be used up as well)
    const replayed = await follow(await visit(toMailing!));
    expect(replayed.headers.location).toBe(refusedTo(token, 'MAILING.INVITATION_ACCEPTED'));
    expect(replayed.headers[SESSION_SET_HEADER]).toBeUndefined();
    expect(await usersWithEmail('ada.replay@example.org')).toBe(1);
  });

  /** A ticket as a service would sign it, with `key` standing for the signer's. */
  const forge = (
    key: IdentitySigner,
    envelope: { typ: string; iss: IdentitySigner; aud: ServiceName },
    claims: Record<string, string>,
    issued = Date.now(),
  ) =>
    signTicket(TEST_KEYS[key].privateKey, { ...envelope, ttlMs: INVITATION_TICKET_TTL_MS }, claims, issued);
  const LOGIN = { typ: INVITATION_LOGIN_TICKET, iss: 'accounts', aud: 'mailing' } as const;
  const SESSION = { typ: INVITATION_SESSION_TICKET, iss: 'mailing', aud: 'accounts' } as const;
  const atMailing = async (token: string, ticket?: string) =>
    follow(
      await request(mailing.app.getHttpServer())
        .get(`/invitation/hash/${token}/external`)
        .query(ticket === undefined ? {} : { ticket })
        .set(IDENTITY_HEADER, mailing.identity(null))
        .redirects(0),
    );

  it("refuses at mailing a login ticket that is missing, expired, another signer's or another invitation's", async () => {
    const { id, token } = await invite('tess@example.org');
    const other = await invite('tom@example.org');
    const claims = { token, provider: 'open', subject: 'tess-sub', email: 'tess@example.org' };
    for (const [what, ticket] of [
      ['missing', undefined],
      ['not a ticket', 'abc.def'],
      ['expired', forge('accounts', LOGIN, claims, Date.now() - INVITATION_TICKET_TTL_MS - 1000)],
      ['signed with the gateway key', forge('gateway', LOGIN, claims)],
      ['signed with mailing key', forge('mailing', LOGIN, claims)],
      ['a session ticket', forge('accounts', { ...SESSION, aud: 'mailing', iss: 'accounts' }, claims)],
      ['for another invitation', forge('accounts', LOGIN, { ...claims, token: other.token })],
    ] as const) {
      const res = await atMailing(token, ticket);
      expect({ what, status: res.status, location: res.headers.location }).toEqual({
        what,
        status: 302,
        location: refusedTo(token, 'MAILING.INVITATION_TICKET'),
      });
      expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    }
    // nothing written: not accepted, not counted as wrong e-mails, no user
    expect(await invitation(id)).toMatchObject({ accepted: null, failed_attempts: 0 });
    expect(await invitation(other.id)).toMatchObject({ accepted: null, failed_attempts: 0 });
    expect(await usersWithEmail('tess@example.org')).toBe(0);
  });

  it('checks a valid login ticket as the accept page does: unknown 404, locked 429, in that order', async () => {
    const unknown = randomBytes(32).toString('base64url');
    const claims = (token: string) => ({
      token,
      provider: 'open',
      subject: 'x-sub',
      email: 'lou@example.org',
    });
    const res = await atMailing(unknown, forge('accounts', LOGIN, claims(unknown)));
    expect(res.headers.location).toBe(refusedTo(unknown, 'MAILING.INVITATION_NOT_FOUND'));

    const { id, token } = await invite('lou@example.org');
    await mailing.db.query(
      `UPDATE mailing.invitation SET locked_until = now() + interval '5 minutes' WHERE id = $1`,
      [id],
    );
    const locked = await atMailing(token, forge('accounts', LOGIN, claims(token)));
    expect(locked.headers.location).toBe(refusedTo(token, 'MAILING.RATE_LIMITED'));
    expect(await invitation(id)).toMatchObject({ accepted: null });
    expect(await usersWithEmail('lou@example.org')).toBe(0);
  });

  /** A login of `subject` for the invitation of `token` up to mailing's answer: its session ticket, kept back. */
  async function sessionTicketFor(token: string, subject: string): Promise<string> {
    const start = await request(accounts.app.getHttpServer())
      .get('/oauth')
      .query({ invitation: token })
      .set(IDENTITY_HEADER, accounts.identity(null))
      .redirects(0);
    const callback = await atProvider(start.headers.location as string, PUBLIC_URL, new Jar(), subject);
    const toMailing = await visit(callback.slice(PUBLIC_URL.length));
    const toAccounts = await visit(toMailing.headers.location as string);
    expect((toAccounts.headers.location as string).startsWith('/api/oauth/invitation/complete?')).toBe(true);
    return ticketOf(toAccounts.headers.location as string);
  }

  const complete = async (ticket?: string) =>
    follow(
      await request(accounts.app.getHttpServer())
        .get('/oauth/invitation/complete')
        .query(ticket === undefined ? {} : { ticket })
        .set(IDENTITY_HEADER, accounts.identity(null))
        .redirects(0),
    );

  it("refuses at accounts a session ticket that is expired, another signer's, or of no login of its own", async () => {
    const { id, token } = await invite('una@example.org');
    PROVIDER_ACCOUNTS['una-sub'] = { email: 'una@example.org', email_verified: true, name: 'Una' };
    const real = await sessionTicketFor(token, 'una-sub');
    const { nonce } = readTicket(real)!;
    const claims = { token, provider: 'open', subject: 'una-sub', user: id };
    const sign = (key: IdentitySigner, issued = Date.now()) =>
      signTicket(
        TEST_KEYS[key].privateKey,
        { ...SESSION, ttlMs: INVITATION_TICKET_TTL_MS, nonce },
        claims,
        issued,
      );
    for (const [what, ticket] of [
      ['expired', sign('mailing', Date.now() - INVITATION_TICKET_TTL_MS - 1000)],
      ['signed with the accounts key', sign('accounts')],
      ['signed with the consultation key', sign('consultation')],
      // mailing's key, but for a login that accounts did not start (another nonce)
      ['of no login', forge('mailing', SESSION, claims)],
    ] as const) {
      const res = await complete(ticket);
      expect({ what, location: res.headers.location }).toEqual({
        what,
        location: refusedTo(token, 'ACCOUNTS.OAUTH_FAILED'),
      });
      expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    }
    // a ticket that names no invitation, or none at all: the login page
    for (const ticket of [undefined, '', 'abc.def']) {
      const res = await complete(ticket);
      expect({ ticket, location: res.headers.location }).toEqual({ ticket, location: '/login?error=oauth' });
      expect(res.headers[SESSION_SET_HEADER]).toBeUndefined();
    }

    // the real one, which none of those used up
    await expectAccepted(
      await complete(real),
      { id, email: 'una@example.org', locale: 'en' },
      { provider: 'open', subject: 'una-sub', email: 'una@example.org' },
    );
  });

  it('makes no session for a user that is not the one linked to the provider account, and uses the login up', async () => {
    const una = (
      await accounts.db.query<{ uuid: string }>(
        `SELECT uuid::text FROM accounts."user" WHERE email = 'una@example.org'`,
      )
    )[0]!.uuid;
    const { id, token } = await invite('vic@example.org');
    PROVIDER_ACCOUNTS['vic-sub'] = { email: 'vic@example.org', email_verified: true, name: 'Vic' };
    const real = await sessionTicketFor(token, 'vic-sub');
    const { nonce } = readTicket(real)!;
    // signed with mailing's key for this login, naming another (existing) user
    const other = signTicket(
      TEST_KEYS.mailing.privateKey,
      { ...SESSION, ttlMs: INVITATION_TICKET_TTL_MS, nonce },
      { token, provider: 'open', subject: 'vic-sub', user: una },
    );
    const refused = await complete(other);
    expect(refused.headers.location).toBe(refusedTo(token, 'ACCOUNTS.OAUTH_FAILED'));
    expect(refused.headers[SESSION_SET_HEADER]).toBeUndefined();
    // the completion was used by that refusal: the real ticket makes no session either
    const late = await complete(real);
    expect(late.headers.location).toBe(refusedTo(token, 'ACCOUNTS.OAUTH_FAILED'));
    expect(late.headers[SESSION_SET_HEADER]).toBeUndefined();
    // the invitation is accepted and the account linked: the provider login now logs vic in
    expect(await invitation(id)).toMatchObject({ user_uuid: id });
    const login = await request(accounts.app.getHttpServer())
      .get('/oauth')
      .set(IDENTITY_HEADER, accounts.identity(null))
      .redirects(0);
    const callback = await atProvider(login.headers.location as string, PUBLIC_URL, new Jar(), 'vic-sub');
    const own = await visit(callback.slice(PUBLIC_URL.length));
    expect(own.headers.location).toBe('/');
    expect(own.headers[SESSION_SET_HEADER]).toBeDefined();
  });
});

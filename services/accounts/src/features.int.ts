import { SESSION_SET_HEADER, SHARED_SETTING_DEFAULTS, type SessionUser } from '@agora/contracts';
import { runScheduledNow, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { bootAccounts, type TestServer } from '../test/accounts-test-helpers.js';
import {
  ACCOUNTS_MAINTENANCE_QUEUE,
  PURGE_EVERY_MS,
  SESSION_PURGE_SCHEDULER,
  SessionPurge,
  type PurgeResult,
} from './index.js';

describe('accounts: rules, registration, profile, users, settings, limits (real Postgres)', () => {
  let svc: TestService;
  let server: TestServer;
  let admin: SessionUser;

  beforeAll(async () => {
    ({ svc, server } = await bootAccounts());
    const [row] = await svc.db.query<SessionUser>(
      `SELECT uuid, username, firstname, lastname, email, role FROM accounts."user" WHERE username = 'admin'`,
    );
    admin = row!;
    await svc.db.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ('other', 'O', 'Ther', 'other@example.org', 'authorized', 'x')`,
    );
  });

  afterAll(async () => {
    await svc?.close();
  });

  const anon = () => svc.identity(null);
  const as = (u: SessionUser) => svc.identity(u);

  const good = {
    username: 'maria_p',
    firstname: 'Μαρία',
    lastname: 'Παπαδοπούλου',
    email: 'maria@example.org',
    password: 'secret123',
    address: 'Εγνατίας+12+Θεσσαλονίκη+546 30',
    location: '40.6264;22.9484',
    phone: '+30 2310 123456',
  };

  async function register(body: Record<string, unknown>) {
    return request(server).post('/registration').set('x-agora-identity', anon()).send(body);
  }

  async function userByName(username: string): Promise<SessionUser> {
    const [u] = await svc.db.query<SessionUser>(
      `SELECT uuid, username, firstname, lastname, email, role FROM accounts."user" WHERE username = $1`,
      [username],
    );
    return u!;
  }

  describe('validation rules as data', () => {
    it('serves the users scope and selected fields', async () => {
      const all = await request(server).get('/validation/scope/users').set('x-agora-identity', anon());
      expect(all.status).toBe(200);
      expect(Object.keys(all.body)).toEqual([
        'username',
        'firstname',
        'lastname',
        'email',
        'phone',
        'password',
        'address',
      ]);
      expect(all.body.username).toMatchObject({ required: true, min_size: 3, max_size: 30, unique: true });
      expect(all.body.password).toMatchObject({
        min_size: 8,
        max_size: 128,
        message: 'password must contain a letter and a digit',
      });
      const some = await request(server)
        .get('/validation/scope/users/fields/email;phone')
        .set('x-agora-identity', anon());
      expect(Object.keys(some.body)).toEqual(['email', 'phone']);
      const unknown = await request(server)
        .get('/validation/scope/users/fields/nope')
        .set('x-agora-identity', anon());
      expect(unknown.status).toBe(400);
      const otherScope = await request(server)
        .get('/validation/scope/library')
        .set('x-agora-identity', anon());
      expect(otherScope.status).toBe(404);
    });

    it('answers checkIfExists for unique fields only, case-insensitively', async () => {
      const yes = await request(server)
        .get('/checkIfExists/scope/users/field/username/value/ADMIN')
        .set('x-agora-identity', anon());
      expect(yes.status).toBe(200);
      expect(yes.text).toBe('true');
      expect(yes.headers['content-type']).toMatch(/application\/json/);
      const no = await request(server)
        .get('/checkIfExists/scope/users/field/email/value/nobody%40example.org')
        .set('x-agora-identity', anon());
      expect(no.body).toBe(false);
      const notUnique = await request(server)
        .get('/checkIfExists/scope/users/field/phone/value/123')
        .set('x-agora-identity', anon());
      expect(notUnique.status).toBe(400);
    });
  });

  describe('registration', () => {
    it('rejects each broken rule with the rule message and the field, writing nothing', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ ...good, username: '' }, 'username', 'This value is required.'],
        [{ ...good, username: 'ab' }, 'username', 'Minimum size is 3.'],
        [
          { ...good, username: 'has space' },
          'username',
          expect.stringContaining('letters') as unknown as string,
        ],
        [{ ...good, email: 'not-an-email' }, 'email', 'invalid email address'],
        [{ ...good, password: 'short1' }, 'password', 'Minimum size is 8.'],
        [{ ...good, password: 'lettersonly' }, 'password', 'password must contain a letter and a digit'],
        [{ ...good, password: '12345678' }, 'password', 'password must contain a letter and a digit'],
        [{ ...good, phone: 'call me' }, 'phone', 'invalid phone number'],
        [{ ...good, address: 'somewhere' }, 'address', 'address must be street+number+town+zip'],
        [{ ...good, firstname: 'x'.repeat(101) }, 'firstname', 'Maximum size is 100.'],
        [{ ...good, location: '40.6;abc' }, 'location', 'invalid location (lat;lon)'],
        [{ ...good, password_repeat: 'other123' }, 'password_repeat', 'passwords do not match'],
      ];
      for (const [body, field, message] of cases) {
        const res = await register(body);
        expect([field, res.status]).toEqual([field, 400]);
        expect(res.body).toMatchObject({ Error: message, field });
      }
      const wrongType = await register({ ...good, phone: 12 });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.Error).toBe('missing parameters');
      const [{ n }] = await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts."user"`);
      expect(n).toBe(2);
    });

    it('creates an authorized user, then 409 username exists / This value already exists!', async () => {
      const ok = await register(good);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'successful registration' });
      const [row] = await svc.db.query<Record<string, unknown>>(
        `SELECT role, active, lat, lon, address, password_hash FROM accounts."user" WHERE username = 'maria_p'`,
      );
      expect(row).toMatchObject({ role: 'authorized', active: true, lat: 40.6264, lon: 22.9484 });
      expect(String(row!.password_hash)).toMatch(/^\$argon2id\$/);
      const again = await register({ ...good, username: 'MARIA_P', email: 'other@example.org' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ Error: 'username exists' });
      const email = await register({ ...good, username: 'maria2', email: 'MARIA@example.org' });
      expect(email.status).toBe(409);
      expect(email.body).toMatchObject({ Error: 'This value already exists!', field: 'email' });
      const login = await request(server)
        .post('/login')
        .set('x-agora-identity', anon())
        .send({ username: 'maria_p', password: 'secret123' });
      expect(login.status).toBe(200);
    });
  });

  describe('profile', () => {
    it('updates only the sent fields and refuses username and role changes', async () => {
      const maria = await userByName('maria_p');
      const res = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ firstname: 'Μαρίνα', phone: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ firstname: 'Μαρίνα', lastname: 'Παπαδοπούλου', phone: null });
      for (const body of [{ username: 'other' }, { role: 'admin' }]) {
        const denied = await request(server).put('/profile').set('x-agora-identity', as(maria)).send(body);
        expect(denied.status).toBe(400);
      }
      const same = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ username: 'maria_p' });
      expect(same.status).toBe(200);
      const bad = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ lastname: '' });
      expect(bad.body).toMatchObject({ Error: 'This value is required.', field: 'lastname' });
      const taken = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ email: 'OTHER@example.org' });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ Error: 'This value already exists!', field: 'email' });
      const anonymous = await request(server).put('/profile').set('x-agora-identity', anon()).send({});
      expect(anonymous.status).toBe(401);
    });

    it('changes the password only with the current one', async () => {
      const maria = await userByName('maria_p');
      const missing = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ password: 'newsecret456' });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('password_current');
      const wrong = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ password: 'newsecret456', password_current: 'nope' });
      expect(wrong.status).toBe(400);
      const ok = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ password: 'newsecret456', password_current: 'secret123' });
      expect(ok.status).toBe(200);
      const login = await request(server)
        .post('/login')
        .set('x-agora-identity', anon())
        .send({ username: 'maria_p', password: 'newsecret456' });
      expect(login.status).toBe(200);
    });

    it("ends the user's other sessions on a password change, keeping the current one", async () => {
      const maria = await userByName('maria_p');
      const sids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await request(server)
          .post('/login')
          .set('x-agora-identity', anon())
          .send({ username: 'maria_p', password: 'newsecret456' });
        expect(res.status).toBe(200);
        sids.push(res.headers[SESSION_SET_HEADER] as string);
      }
      const resolve = (sid: string) =>
        request(server)
          .post('/internal/sessions/resolve')
          .set('x-agora-identity', svc.identity(null, { sys: 'gateway' }))
          .send({ sid });
      // a profile change without a new password ends nothing
      const plain = await request(server)
        .put('/profile')
        .set('x-agora-identity', svc.identity(maria, { sid: sids[0] }))
        .send({ phone: '2100000000' });
      expect(plain.status).toBe(200);
      for (const sid of sids) expect((await resolve(sid)).status).toBe(200);

      const changed = await request(server)
        .put('/profile')
        .set('x-agora-identity', svc.identity(maria, { sid: sids[0] }))
        .send({ password: 'secret123', password_current: 'newsecret456', password_repeat: 'secret123' });
      expect(changed.status).toBe(200);
      expect((await resolve(sids[0]!)).status).toBe(200);
      expect((await resolve(sids[1]!)).status).toBe(404);
      expect((await resolve(sids[2]!)).status).toBe(404);
      const [{ n }] = await svc.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM accounts.session WHERE user_uuid = $1`,
        [maria.uuid],
      );
      expect(n).toBe(1);
      // back to the password the later tests use
      const back = await request(server)
        .put('/profile')
        .set('x-agora-identity', svc.identity(maria, { sid: sids[0] }))
        .send({ password: 'newsecret456', password_current: 'secret123' });
      expect(back.status).toBe(200);
    });

    it('stores the language of account mails from the registration and the profile', async () => {
      const reg = await register({ ...good, username: 'john_s', email: 'john@example.org', locale: 'en' });
      expect(reg.status).toBe(200);
      const john = await userByName('john_s');
      const [{ locale }] = await svc.db.query<{ locale: string }>(
        `SELECT locale FROM accounts."user" WHERE uuid = $1`,
        [john.uuid],
      );
      expect(locale).toBe('en');
      const maria = await userByName('maria_p');
      const profile = await request(server).get('/profile').set('x-agora-identity', as(maria));
      expect(profile.body.locale).toBe('el');
      const switched = await request(server)
        .put('/profile')
        .set('x-agora-identity', as(maria))
        .send({ locale: 'en' });
      expect(switched.status).toBe(200);
      expect(switched.body.locale).toBe('en');
      for (const body of [{ locale: 'fr' }, { locale: 3 }]) {
        const bad = await request(server).put('/profile').set('x-agora-identity', as(maria)).send(body);
        expect(bad.status).toBe(400);
        expect(bad.body.Error).toBe('missing parameters');
      }
      const badReg = await register({ ...good, username: 'fr_user', email: 'fr@example.org', locale: 'fr' });
      expect(badReg.status).toBe(400);
      expect(await svc.db.query(`SELECT 1 FROM accounts."user" WHERE username = 'fr_user'`)).toEqual([]);
      await svc.db.query(`DELETE FROM accounts."user" WHERE uuid = $1`, [john.uuid]);
    });
  });

  describe('users administration', () => {
    it('changes role and active, never the own active, never demotes the last admin', async () => {
      const maria = await userByName('maria_p');
      const role = await request(server)
        .put(`/users/uuid/${maria.uuid}`)
        .set('x-agora-identity', as(admin))
        .send({ role: 'editor' });
      expect(role.status).toBe(200);
      expect(role.body.role).toBe('editor');
      const badRole = await request(server)
        .put(`/users/uuid/${maria.uuid}`)
        .set('x-agora-identity', as(admin))
        .send({ role: 'king' });
      expect(badRole.status).toBe(400);
      const own = await request(server)
        .put(`/users/uuid/${admin.uuid}`)
        .set('x-agora-identity', as(admin))
        .send({ active: false });
      expect(own.status).toBe(403);
      expect(own.body.Error).toBe('action denied');
      const demote = await request(server)
        .put(`/users/uuid/${admin.uuid}`)
        .set('x-agora-identity', as(admin))
        .send({ role: 'editor' });
      expect(demote.status).toBe(409);

      // a deactivated user loses their sessions
      const login = await request(server)
        .post('/login')
        .set('x-agora-identity', anon())
        .send({ username: 'maria_p', password: 'newsecret456' });
      expect(login.status).toBe(200);
      const off = await request(server)
        .put(`/users/uuid/${maria.uuid}`)
        .set('x-agora-identity', as(admin))
        .send({ active: false, lastname: 'Π.' });
      expect(off.body).toMatchObject({ active: false, lastname: 'Π.' });
      const [{ n }] = await svc.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM accounts.session WHERE user_uuid = $1`,
        [maria.uuid],
      );
      expect(n).toBe(0);
      const missing = await request(server)
        .put('/users/uuid/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f')
        .set('x-agora-identity', as(admin))
        .send({ role: 'guest' });
      expect(missing.status).toBe(404);
    });

    it('counts users by status and role, and lists with /limit/{n}', async () => {
      const stats = await request(server).get('/users/admin/stats').set('x-agora-identity', as(admin));
      expect(stats.body).toEqual({
        total: 3,
        status: { active: 2, inactive: 1 },
        role: { admin: 1, editor: 1, reviewer: 0, authorized: 1, guest: 0 },
      });
      const limited = await request(server)
        .get('/users/page/1/sort/username/sort_method/asc/limit/1')
        .set('x-agora-identity', as(admin));
      expect(limited.body).toMatchObject({ total: 3, total_pages: 3 });
      expect(limited.body.values).toHaveLength(1);
      const withFq = await request(server)
        .get('/users/page/1/sort/username/sort_method/asc/fq/active:false/limit/10000')
        .set('x-agora-identity', as(admin));
      expect(withFq.body.values.map((u: SessionUser) => u.username)).toEqual(['maria_p']);
      const tooMany = await request(server)
        .get('/users/page/1/sort/username/sort_method/asc/limit/10001')
        .set('x-agora-identity', as(admin));
      expect(tooMany.status).toBe(400);
    });

    // consultation does not run here: the deletion itself is in deletion/account-deletion.int.ts
    it('refuses to delete yourself, and deletes no one while consultation cannot answer', async () => {
      const self = await request(server)
        .delete(`/users/uuid/${admin.uuid}`)
        .set('x-agora-identity', as(admin));
      expect(self.status).toBe(403);
      const maria = await userByName('maria_p');
      const del = await request(server)
        .delete(`/users/uuid/${maria.uuid}`)
        .set('x-agora-identity', as(admin));
      expect([del.status, del.body.code]).toEqual([503, 'ACCOUNTS.DELETION_UNAVAILABLE']);
      expect((await userByName('maria_p')).uuid).toBe(maria.uuid);
      const missing = await request(server)
        .delete('/users/uuid/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f')
        .set('x-agora-identity', as(admin));
      expect(missing.status).toBe(404);
    });
  });

  describe('settings', () => {
    it('serves the defaults to everyone', async () => {
      const res = await request(server).get('/settings').set('x-agora-identity', anon());
      expect(res.body).toEqual({
        ...SHARED_SETTING_DEFAULTS,
        // the spec's map view (part 1 §9)
        map: { center: { lat: 40.33, lng: 21.61 }, zoom: 7 },
        registration: true,
        geocoderUrl: null,
        configuredLogins: { open: false, google: false, facebook: false },
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileAttribution: '&copy; OpenStreetMap contributors',
      });
    });

    it('refuses to enable an external login whose provider is not configured, and stores nothing', async () => {
      // this test service has no provider configured: a button that could only fail is never enabled
      for (const flag of ['isGoogleAuthEnabled', 'isOpenAuthEnabled', 'isFacebookAuthEnabled']) {
        const res = await request(server)
          .post('/settings/scope/general')
          .set('x-agora-identity', as(admin))
          .send({ multilingual: false, [flag]: true });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          Error: 'this login provider has no credentials on the server',
          code: 'ACCOUNTS.OAUTH_NOT_CONFIGURED',
        });
      }
      const now = await request(server).get('/settings').set('x-agora-identity', anon());
      expect(now.body).toMatchObject({
        multilingual: true,
        isGoogleAuthEnabled: false,
        isOpenAuthEnabled: false,
      });
      // turning one off is always allowed
      const off = await request(server)
        .post('/settings/scope/general')
        .set('x-agora-identity', as(admin))
        .send({ isGoogleAuthEnabled: false, isOpenAuthEnabled: false });
      expect(off.status).toBe(200);
    });

    it('updates validated JSON only; closes registration', async () => {
      const post = (body: unknown, type = 'application/json') =>
        request(server)
          .post('/settings/scope/general')
          .set('x-agora-identity', as(admin))
          .set('content-type', type)
          .send(typeof body === 'string' ? body : JSON.stringify(body));
      for (const bad of [
        {},
        { map: { center: { lat: 91, lng: 0 }, zoom: 7 } },
        { map: { center: { lat: 40, lng: 21 }, zoom: 20 } },
        { multilingual: 'yes' },
        { openAuthTitle: 'x'.repeat(101) },
        { geocoderUrl: 'ftp://example.org' },
        { colour: 'red' },
      ]) {
        const res = await post(bad);
        expect([bad, res.status]).toEqual([bad, 400]);
        expect(res.body.Error).toBe('missing parameters');
      }
      const mime = await post('registration=false', 'text/plain');
      expect(mime.status).toBe(415);
      expect(mime.body.Error).toBe('wrong mimemtype');
      const ok = await post({
        registration: false,
        geocoderUrl: 'https://geocoder.example.org/search',
        map: { center: { lat: 38.02, lng: 23.8 }, zoom: 10 },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'settings updated' });
      const now = await request(server).get('/settings').set('x-agora-identity', anon());
      expect(now.body).toMatchObject({
        registration: false,
        geocoderUrl: 'https://geocoder.example.org/search',
        map: { center: { lat: 38.02, lng: 23.8 }, zoom: 10 },
        multilingual: true,
      });
      const closed = await register({ ...good, username: 'late', email: 'late@example.org' });
      expect(closed.status).toBe(403);
      expect(closed.body.Error).toBe('action denied');
      await post({ registration: true, geocoderUrl: null });
    });
  });

  describe('rate limits', () => {
    const from = (ip: string) => svc.identity(null, { ip });

    it('refuses an account from an address after 10 failed logins there, with Retry-After, until the block ends', async () => {
      const ok = await register({ ...good, username: 'target', email: 'target@example.org' });
      expect(ok.status).toBe(200);
      for (let i = 0; i < 10; i++) {
        const res = await request(server)
          .post('/login')
          .set('x-agora-identity', from('203.0.113.5'))
          .send({ username: 'target', password: 'wrong-password1' });
        expect(res.status).toBe(401);
      }
      const locked = await request(server)
        .post('/login')
        .set('x-agora-identity', from('203.0.113.5'))
        .send({ username: 'TARGET', password: 'secret123' });
      expect(locked.status).toBe(429);
      expect(locked.body.Error).toBe('too many attempts, try again later');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // the block is over: the account can log in from there, and the success forgets the failures
      await svc.db.query(
        `UPDATE accounts.rate_limiter SET expire = 0 WHERE key = 'login_aa:target@203.0.113.5'`,
      );
      const after = await request(server)
        .post('/login')
        .set('x-agora-identity', from('203.0.113.5'))
        .send({ username: 'target', password: 'secret123' });
      expect(after.status).toBe(200);
      const rows = await svc.db.query(
        `SELECT * FROM accounts.rate_limiter WHERE key = 'login_aa:target@203.0.113.5'`,
      );
      expect(rows).toHaveLength(0);
    });

    it('limits by client address too', async () => {
      await svc.db.query(
        `INSERT INTO accounts.rate_limiter (key, points, expire) VALUES ('login_a:203.0.113.9', 100, $1)`,
        [Date.now() + 3_600_000],
      );
      const fromThere = await request(server)
        .post('/login')
        .set('x-agora-identity', from('203.0.113.9'))
        .send({ username: 'target', password: 'secret123' });
      expect(fromThere.status).toBe(429);
      const fromElsewhere = await request(server)
        .post('/login')
        .set('x-agora-identity', from('203.0.113.10'))
        .send({ username: 'target', password: 'secret123' });
      expect(fromElsewhere.status).toBe(200);
    });

    it('limits recovery requests to 5 per hour per username', async () => {
      await svc.db.query(
        `INSERT INTO accounts.rate_limiter (key, points, expire) VALUES ('recovery_u:target', 5, $1)`,
        [Date.now() + 3_600_000],
      );
      const res = await request(server)
        .post('/recovery')
        .set('x-agora-identity', anon())
        .send({ username: 'target' });
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('recovery per client address', () => {
    const from = (ip: string) => svc.identity(null, { ip });
    it('allows 5 recovery requests per hour from one address, whatever the usernames, then 429 from there only', async () => {
      const recover = (ip: string, username: string) =>
        request(server).post('/recovery').set('x-agora-identity', from(ip)).send({ username });
      // unknown users count too, so that the limit cannot be used to find out who exists
      for (let i = 0; i < 5; i++) {
        const res = await recover('198.51.100.7', `nobody${i}`);
        expect(res.status).toBe(404);
      }
      const other = await userByName('other');
      const tokens = async () =>
        (
          await svc.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM accounts.recovery_token WHERE user_uuid = $1`,
            [other.uuid],
          )
        )[0]!.n;
      const before = await tokens();
      const limited = await recover('198.51.100.7', 'other');
      expect(limited.status).toBe(429);
      expect(limited.body.Error).toBe('too many attempts, try again later');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await tokens()).toBe(before);
      const elsewhere = await recover('198.51.100.8', 'other');
      expect(elsewhere.status).toBe(200);
      expect(await tokens()).toBe(before + 1);
      const [row] = await svc.db.query<{ points: number }>(
        `SELECT points FROM accounts.rate_limiter WHERE key = 'recovery_a:198.51.100.7'`,
      );
      expect(row?.points).toBeGreaterThanOrEqual(6);
    });
  });

  it('purges expired sessions and dead counters every 10 minutes (a job scheduler)', async () => {
    await svc.app.get(SessionPurge).scheduled;
    const queue = svc.app.get<Queue>(getQueueToken(ACCOUNTS_MAINTENANCE_QUEUE));
    expect(await queue.getJobScheduler(SESSION_PURGE_SCHEDULER)).toEqual(
      expect.objectContaining({ every: PURGE_EVERY_MS, name: 'purge' }),
    );
    const target = await userByName('target');
    await svc.db.query(
      `INSERT INTO accounts.session (id_hash, user_uuid, expires_at) VALUES ('expired', $1, now() - interval '1 minute'),
        ('live', $1, now() + interval '1 hour')`,
      [target.uuid],
    );
    await svc.db.query(
      `INSERT INTO accounts.rate_limiter (key, points, expire) VALUES ('login_aa:old@203.0.113.1', 3, $1)`,
      [Date.now() - 60_000],
    );
    const result = (await runScheduledNow(queue, SESSION_PURGE_SCHEDULER)) as PurgeResult;
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(result.counters).toBeGreaterThanOrEqual(1);
    const left = await svc.db.query<{ id_hash: string }>(
      `SELECT id_hash FROM accounts.session WHERE id_hash IN ('expired', 'live')`,
    );
    expect(left.map((r) => r.id_hash)).toEqual(['live']);
  });
});

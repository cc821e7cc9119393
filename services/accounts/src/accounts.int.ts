import { readFile } from 'node:fs/promises';
import { SESSION_CLEAR_HEADER, SESSION_SET_HEADER, type SessionUser } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { ADMIN_PASSWORD, bootAccounts, type TestServer } from '../test/accounts-test-helpers.js';
import { accountsService, hashPassword } from './index.js';

describe('accounts service (real Postgres)', () => {
  let svc: TestService;
  let server: TestServer;
  let admin: SessionUser;

  beforeAll(async () => {
    ({ svc, server } = await bootAccounts());
    const hash = await hashPassword('participant-password');
    const values = Array.from({ length: 25 }, (_, i) => {
      const n = String(i).padStart(2, '0');
      return `('user${n}', 'First${n}', 'Last${n}', 'user${n}@example.org', '${i % 5 === 0 ? 'editor' : 'authorized'}', '${hash}', ${i % 7 !== 0})`;
    });
    await svc.db.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash, active) VALUES ${values.join(',')}`,
    );
  });

  afterAll(async () => {
    await svc?.close();
  });

  const gateway = () => svc.identity(null, { sys: 'gateway' });

  async function login(username: string, password: string) {
    return request(server)
      .post('/login')
      .set('x-agora-identity', svc.identity(null))
      .send({ username, password });
  }

  it('creates the first admin from AGORA_ADMIN_PASSWORD, once', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loggedin: true, user: { username: 'admin', role: 'admin' } });
    admin = res.body.user;
    const [{ count }] = await svc.db.query(
      `SELECT count(*)::int AS count FROM accounts."user" WHERE role = 'admin'`,
    );
    const [{ hash }] = await svc.db.query(
      `SELECT password_hash AS hash FROM accounts."user" WHERE username = 'admin'`,
    );
    expect(count).toBe(1);
    expect(hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses to start a fresh database without an admin password outside the development mode', () => {
    // the definition is valid; the failure comes from ensureFirstAdmin on an empty database
    return expect(bootTestService(accountsService({}))).rejects.toThrow(/AGORA_ADMIN_PASSWORD/);
  });

  it('answers 401 {"Error"} without a signed identity, and with a forged one', async () => {
    const none = await request(server).get('/profile');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ Error: 'missing or invalid identity', code: 'AUTH.IDENTITY' });
    const forged = await request(server).get('/profile').set('x-agora-identity', 'eyJ2IjoxfQ.c2lnbmF0dXJl');
    expect(forged.status).toBe(401);
  });

  it('rejects wrong credentials with 401 and the spec message, and bad bodies with 400', async () => {
    const wrong = await login('admin', 'nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body.Error).toBe('wrong credentials');
    expect(wrong.headers[SESSION_SET_HEADER]).toBeUndefined();
    const unknown = await login('nobody', 'whatever');
    expect(unknown.status).toBe(401);
    const inactive = await login('user00', 'participant-password');
    expect(inactive.status).toBe(401);
    const bad = await request(server)
      .post('/login')
      .set('x-agora-identity', svc.identity(null))
      .send({ username: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.Error).toBe('missing parameters');
    const malformed = await request(server)
      .post('/login')
      .set('x-agora-identity', svc.identity(null))
      .set('content-type', 'application/json')
      .send('{"username":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.Error).toBe('malformed JSON');
  });

  it('issues a new session at each login, resolves it for the gateway only, and ends it at logout', async () => {
    const first = await login('user01', 'participant-password');
    expect(first.status).toBe(200);
    const sid = first.headers[SESSION_SET_HEADER] as string;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const resolved = await request(server)
      .post('/internal/sessions/resolve')
      .set('x-agora-identity', gateway())
      .send({ sid });
    expect(resolved.status).toBe(200);
    expect(resolved.body.user).toMatchObject({ username: 'user01', role: 'authorized' });

    const asUser = await request(server)
      .post('/internal/sessions/resolve')
      .set('x-agora-identity', svc.identity(resolved.body.user))
      .send({ sid });
    expect(asUser.status).toBe(403);
    // Only the gateway resolves sessions: another service's identity is refused there.
    for (const sys of ['consultation', 'library', 'mailing'] as const) {
      const asService = await request(server)
        .post('/internal/sessions/resolve')
        .set('x-agora-identity', svc.identity(null, { sys }))
        .send({ sid });
      expect(asService.status).toBe(403);
    }
    // Nor does the gateway's own identity reach a user's route.
    const profile = await request(server).get('/profile').set('x-agora-identity', gateway());
    expect(profile.status).toBe(403);

    // logging in again from the same browser replaces the session (no fixation)
    const second = await request(server)
      .post('/login')
      .set('x-agora-identity', svc.identity(resolved.body.user, { sid }))
      .send({ username: 'user01', password: 'participant-password' });
    const sid2 = second.headers[SESSION_SET_HEADER] as string;
    expect(sid2).not.toBe(sid);
    const old = await request(server)
      .post('/internal/sessions/resolve')
      .set('x-agora-identity', gateway())
      .send({ sid });
    expect(old.status).toBe(404);

    const out = await request(server)
      .delete('/login')
      .set('x-agora-identity', svc.identity(resolved.body.user, { sid: sid2 }));
    expect(out.status).toBe(200);
    expect(out.headers[SESSION_CLEAR_HEADER]).toBe('1');
    const gone = await request(server)
      .post('/internal/sessions/resolve')
      .set('x-agora-identity', gateway())
      .send({ sid: sid2 });
    expect(gone.status).toBe(404);
  });

  describe('session expiry (defaults: 120 minutes idle, 7 days at most)', () => {
    const IDLE_MS = 120 * 60_000;
    const MAX_MS = 7 * 24 * 3_600_000;

    const resolve = (sid: string) =>
      request(server).post('/internal/sessions/resolve').set('x-agora-identity', gateway()).send({ sid });

    async function newSession(): Promise<string> {
      const res = await login('user02', 'participant-password');
      expect(res.status).toBe(200);
      return res.headers[SESSION_SET_HEADER] as string;
    }

    async function row(sid: string) {
      const [found] = await svc.db.query<{ created: Date; last_seen: Date; expires_at: Date }>(
        `SELECT created, last_seen, expires_at FROM accounts.session WHERE id_hash = encode(sha256($1::bytea), 'hex')`,
        [sid],
      );
      return found;
    }

    /** Moves the session back in time as if it had been created `createdAgoMs` and last used `idleMs` ago. */
    async function age(sid: string, createdAgoMs: number, idleMs: number): Promise<void> {
      await svc.db.query(
        `UPDATE accounts.session
            SET created = now() - $2::double precision * interval '1 millisecond',
                last_seen = now() - $3::double precision * interval '1 millisecond',
                expires_at = least(now() - $3::double precision * interval '1 millisecond' + $4::double precision * interval '1 millisecond',
                                   now() - $2::double precision * interval '1 millisecond' + $5::double precision * interval '1 millisecond')
          WHERE id_hash = encode(sha256($1::bytea), 'hex')`,
        [sid, createdAgoMs, idleMs, IDLE_MS, MAX_MS],
      );
    }

    it('answers a session unused for longer than the idle limit as unknown, and removes it', async () => {
      const sid = await newSession();
      expect(await row(sid)).toBeDefined();
      await age(sid, IDLE_MS + 120_000, IDLE_MS + 60_000);
      expect((await resolve(sid)).status).toBe(404);
      expect(await row(sid)).toBeUndefined();
    });

    it('answers a session older than the maximum age as unknown even when it was just used', async () => {
      const sid = await newSession();
      await age(sid, MAX_MS + 60_000, 30_000);
      expect((await resolve(sid)).status).toBe(404);
      expect(await row(sid)).toBeUndefined();
    });

    it('slides the idle expiry on use, capped by the maximum age', async () => {
      const sid = await newSession();
      await age(sid, 30 * 60_000, 10 * 60_000);
      const before = (await row(sid))!;
      const used = await resolve(sid);
      expect(used.status).toBe(200);
      expect(used.body.user).toMatchObject({ username: 'user02' });
      const after = (await row(sid))!;
      expect(after.last_seen.getTime()).toBeGreaterThan(before.last_seen.getTime());
      // a fresh idle period from now: about 10 minutes more than before
      expect(after.expires_at.getTime() - before.expires_at.getTime()).toBeGreaterThan(9 * 60_000);
      expect(after.expires_at.getTime() - after.last_seen.getTime()).toBe(IDLE_MS);

      // near the maximum age the renewal stops at created + maximum age
      await age(sid, MAX_MS - 30 * 60_000, 10 * 60_000);
      expect((await resolve(sid)).status).toBe(200);
      const capped = (await row(sid))!;
      expect(capped.expires_at.getTime()).toBe(capped.created.getTime() + MAX_MS);
      expect(capped.expires_at.getTime() - capped.last_seen.getTime()).toBeLessThan(IDLE_MS);
    });

    it('does not write on every use: a session used within the last minute is only read', async () => {
      const sid = await newSession();
      await age(sid, 5 * 60_000, 10_000);
      const before = (await row(sid))!;
      expect((await resolve(sid)).status).toBe(200);
      expect(await row(sid)).toEqual(before);
    });
  });

  it('serves the profile to the logged-in user and 401 to visitors', async () => {
    const me = await request(server).get('/profile').set('x-agora-identity', svc.identity(admin));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'admin', role: 'admin', active: true });
    expect(me.body.password_hash).toBeUndefined();
    expect(me.body.passwordHash).toBeUndefined();
    const anon = await request(server).get('/profile').set('x-agora-identity', svc.identity(null));
    expect(anon.status).toBe(401);
    expect(anon.body.Error).toBe('not logged in');
  });

  it('lists users paged, sorted, searched and filtered for admins only', async () => {
    const base = '/users/page/1/sort/lastname/sort_method/asc';
    const page1 = await request(server).get(base).set('x-agora-identity', svc.identity(admin));
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(26);
    expect(page1.body.total_pages).toBe(2);
    expect(page1.body.values).toHaveLength(20);
    const names = page1.body.values.map((u: { lastname: string }) => u.lastname);
    expect(names).toEqual([...names].sort());

    const desc = await request(server)
      .get('/users/page/2/sort/username/sort_method/desc')
      .set('x-agora-identity', svc.identity(admin));
    expect(desc.body.page).toBe(2);
    expect(desc.body.values).toHaveLength(6);

    const search = await request(server)
      .get(`${base}/query/user1`)
      .set('x-agora-identity', svc.identity(admin));
    expect(search.body.values.map((u: { username: string }) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `user1${i}`),
    );

    const editors = await request(server)
      .get(`${base}/fq/role:editor;active:true`)
      .set('x-agora-identity', svc.identity(admin));
    expect(
      editors.body.values.every((u: { role: string; active: boolean }) => u.role === 'editor' && u.active),
    ).toBe(true);
    expect(editors.body.total).toBe(4); // user05, user10, user15, user20 (user00 is inactive)

    // an unknown role filter is no role filter (spec part 2 §9); the other filters still apply
    const all = await request(server).get(base).set('x-agora-identity', svc.identity(admin));
    for (const fq of ['role:king', 'role:', 'role:ADMIN']) {
      const res = await request(server).get(`${base}/fq/${fq}`).set('x-agora-identity', svc.identity(admin));
      expect([fq, res.status, res.body.total]).toEqual([fq, 200, all.body.total]);
    }
    const activeKings = await request(server)
      .get(`${base}/fq/role:king;active:true`)
      .set('x-agora-identity', svc.identity(admin));
    expect(activeKings.status).toBe(200);
    expect(activeKings.body.values.every((u: { active: boolean }) => u.active)).toBe(true);
    expect(activeKings.body.total).toBeLessThan(all.body.total);

    const participant = {
      ...admin,
      uuid: '00000000-0000-4000-8000-000000000000',
      role: 'authorized' as const,
    };
    const denied = await request(server).get(base).set('x-agora-identity', svc.identity(participant));
    expect(denied.status).toBe(403);
    expect(denied.body.Error).toBe('action denied');
  });

  it('answers bad list parameters with 400, never 500', async () => {
    for (const path of [
      '/users/page/0/sort/lastname/sort_method/asc',
      '/users/page/x/sort/lastname/sort_method/asc',
      '/users/page/1/sort/password_hash/sort_method/asc',
      '/users/page/1/sort/lastname/sort_method/sideways',
      '/users/page/1/sort/lastname/sort_method/asc/fq/active:maybe',
    ]) {
      const res = await request(server).get(path).set('x-agora-identity', svc.identity(admin));
      expect([path, res.status]).toEqual([path, 400]);
      expect(typeof res.body.Error).toBe('string');
    }
    const badUuid = await request(server)
      .get('/users/uuid/not-a-uuid')
      .set('x-agora-identity', svc.identity(admin));
    expect(badUuid.status).toBe(400);
  });

  it('shows a user to admins and to themself only', async () => {
    const list = await request(server)
      .get('/users/page/1/sort/username/sort_method/asc/query/user02')
      .set('x-agora-identity', svc.identity(admin));
    const user = list.body.values[0];
    const self = await request(server)
      .get(`/users/uuid/${user.uuid}`)
      .set('x-agora-identity', svc.identity(user));
    expect(self.status).toBe(200);
    expect(self.body.username).toBe('user02');
    const other = await request(server)
      .get(`/users/uuid/${admin.uuid}`)
      .set('x-agora-identity', svc.identity(user));
    expect(other.status).toBe(403);
    const missing = await request(server)
      .get('/users/uuid/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f')
      .set('x-agora-identity', svc.identity(admin));
    expect(missing.status).toBe(404);
    expect(missing.body.Error).toBe('user not found');
  });

  it('has liveness, readiness and an OpenAPI document without identity', async () => {
    expect((await request(server).get('/health')).body).toEqual({ status: 'ok' });
    const ready = await request(server).get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', queue: 'ok' });
    const doc = await request(server).get('/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/login', '/profile']));
    // the running service publishes what `npm run openapi` built without a database (and committed)
    expect(doc.body).toEqual(JSON.parse(await readFile('services/accounts/openapi.json', 'utf8')));
  });
});

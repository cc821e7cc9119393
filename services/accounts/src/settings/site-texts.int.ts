// The front page and policy settings scopes (GET public, POST admins, bodies sanitised; decision 0045).
import type { SessionUser } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService } from '../index.js';

describe('accounts: the front page and policy texts (real Postgres)', () => {
  let svc: TestService;
  let server: ReturnType<TestService['app']['getHttpServer']>;
  let admin: SessionUser;

  beforeAll(async () => {
    svc = await bootTestService(accountsService({ AGORA_ADMIN_PASSWORD: 'first-admin-password' }));
    server = svc.app.getHttpServer();
    const [row] = await svc.db.query<SessionUser>(
      `SELECT uuid, username, firstname, lastname, email, role FROM accounts."user" WHERE username = 'admin'`,
    );
    admin = row!;
  });

  afterAll(async () => {
    await svc?.close();
  });

  const get = (scope: string) =>
    request(server).get(`/settings/scope/${scope}`).set('x-agora-identity', svc.identity(null));
  const post = (scope: string, body: unknown, type = 'application/json') =>
    request(server)
      .post(`/settings/scope/${scope}`)
      .set('x-agora-identity', svc.identity(admin))
      .set('content-type', type)
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  const EMPTY = { el: { title: '', body: '' }, en: { title: '', body: '' } };

  it.each(['frontpage', 'policy'])(
    '%s: empty until an administrator writes it, for everyone',
    async (scope) => {
      const res = await get(scope);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(EMPTY);
    },
  );

  it.each(['frontpage', 'policy'])(
    '%s: stores both locales with the bodies sanitised, answers and serves what was stored',
    async (scope) => {
      const body = {
        el: {
          title: '  Πολιτική απορρήτου ',
          body:
            '<h2>Δεδομένα</h2><p onclick="x()">Κρατάμε <b>μόνο</b> τα απαραίτητα.<script>alert(1)</script></p>' +
            '<a href="javascript:alert(1)">κακό</a><a href="https://example.org" target="_blank">καλό</a>' +
            '<img src="data:image/png;base64,AA" alt="x"><iframe src="https://x.example"></iframe>',
        },
        en: {
          title: 'Privacy policy',
          body: '<p>We keep <em>only</em> what is needed.</p><style>p{}</style>',
        },
      };
      const res = await post(scope, body);
      expect(res.status).toBe(200);
      const stored = {
        el: {
          title: 'Πολιτική απορρήτου',
          body:
            '<h2>Δεδομένα</h2><p>Κρατάμε <b>μόνο</b> τα απαραίτητα.</p><a>κακό</a>' +
            '<a href="https://example.org" target="_blank" rel="noopener noreferrer">καλό</a><img alt="x" />',
        },
        en: { title: 'Privacy policy', body: '<p>We keep <em>only</em> what is needed.</p>' },
      };
      expect(res.body).toEqual(stored);
      expect((await get(scope)).body).toEqual(stored);
    },
  );

  it('keeps the scopes apart from each other and from the general settings', async () => {
    await post('frontpage', { el: { title: 'Α', body: '<p>α</p>' }, en: { title: 'A', body: '<p>a</p>' } });
    expect((await get('frontpage')).body.en).toEqual({ title: 'A', body: '<p>a</p>' });
    expect((await get('policy')).body.en.title).toBe('Privacy policy');
    const general = await request(server).get('/settings').set('x-agora-identity', svc.identity(null));
    expect(general.status).toBe(200);
    expect(general.body).not.toHaveProperty('frontpage');
    expect(general.body).not.toHaveProperty('policy');
  });

  it('refuses a bad body with 400 ACCOUNTS.MISSING_PARAMETERS and keeps what was stored', async () => {
    const before = (await get('policy')).body;
    for (const body of [
      {},
      { el: { title: 'x', body: 'y' } },
      { el: { title: 'x', body: 'y' }, en: { title: 'x' } },
      { el: { title: 'x', body: 'y' }, en: { title: 'x', body: 5 } },
      { el: { title: 'x', body: 'y' }, en: { title: 'x', body: 'y' }, fr: { title: 'x', body: 'y' } },
      { el: { title: 'x'.repeat(201), body: 'y' }, en: { title: 'x', body: 'y' } },
    ]) {
      const res = await post('policy', body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({
        body,
        status: 400,
        code: 'ACCOUNTS.MISSING_PARAMETERS',
      });
    }
    const notJson = await post('policy', 'el=x', 'application/x-www-form-urlencoded');
    expect(notJson.status).toBe(415);
    expect((await get('policy')).body).toEqual(before);
  });

  it('still answers 404 for any other scope', async () => {
    const res = await post('nothing', EMPTY);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'ACCOUNTS.SETTINGS_SCOPE' });
  });
});

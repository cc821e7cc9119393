// Enrolments: POST /enrolment (accounts asks consultation's internal route), the session user carrying them, the
// demo participants. Both services run on the real Postgres.
import {
  DEMO_CATEGORY_TOKENS,
  DEMO_PARTICIPANTS,
  DEMO_RESIDENTS,
  IDENTITY_HEADER,
  SESSION_REFRESH_HEADER,
  SESSION_SET_HEADER,
  type SessionUser,
} from '@agora/contracts';
import { bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../../../consultation/src/index.js';
import { ADMIN_PASSWORD } from '../../test/accounts-test-helpers.js';
import { accountsService, DEMO_PARTICIPANT_PASSWORD, hashPassword } from '../index.js';
import { DemoParticipants } from './demo-participants.js';

const PASSWORD = 'participant-password';
const MISSING = '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f';

describe('enrolments (accounts and consultation, real Postgres)', () => {
  let consultation: TestService;
  let svc: TestService;
  let maria: SessionUser;
  let kostas: SessionUser;
  /** Category tokens: open (autosubscribe, an active project), closed (no autosubscribe), idle (no active or public project). */
  const cat = { open: '', closed: '', idle: '' };

  beforeAll(async () => {
    consultation = await bootTestService(createConsultationService({}));
    await consultation.app.listen(0, '127.0.0.1');
    const { port } = consultation.app.getHttpServer().address() as { port: number };
    for (const [name, autosubscribe, active] of [
      ['open', true, true],
      ['closed', false, true],
      ['idle', true, false],
    ] as const) {
      const [row] = await consultation.db.query<{ token: string }>(
        `INSERT INTO consultation.category (mname, title, autosubscribe) VALUES ($1, $1, $2) RETURNING token::text`,
        [name, autosubscribe],
      );
      cat[name] = row!.token;
      await consultation.db.query(
        `INSERT INTO consultation.project (mname, title, start_date, end_date, active, category)
         VALUES ($1, $1, '2026-01-01', '2026-12-31', $2, $3)`,
        [`${name}-project`, active, row!.token],
      );
    }
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${port}/`,
      }),
    );
    const hash = await hashPassword(PASSWORD);
    const users = await svc.db.query<SessionUser>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ('maria', 'Μαρία', 'Π', 'maria@example.org', 'authorized', $1),
              ('kostas', 'Κώστας', 'Κ', 'kostas@example.org', 'authorized', $1)
       RETURNING uuid::text, username, firstname, lastname, email, role`,
      [hash],
    );
    [maria, kostas] = users as [SessionUser, SessionUser];
  });

  afterAll(async () => {
    await svc?.close();
    await consultation?.close();
  });

  const server = () => svc.app.getHttpServer();
  const enrol = (who: SessionUser | null, body: unknown) =>
    request(server())
      .post('/enrolment')
      .set(IDENTITY_HEADER, svc.identity(who))
      .send(body as object);
  const rows = (user: SessionUser) =>
    svc.db.query<{ category: string; role: string; created: Date }>(
      `SELECT category::text, role, created FROM accounts.enrolment WHERE user_uuid = $1 ORDER BY category`,
      [user.uuid],
    );
  async function sessionOf(username: string): Promise<string> {
    const res = await request(server())
      .post('/login')
      .set(IDENTITY_HEADER, svc.identity(null))
      .send({ username, password: PASSWORD });
    expect(res.status).toBe(200);
    return res.headers[SESSION_SET_HEADER] as string;
  }
  const resolve = (sid: string) =>
    request(server())
      .post('/internal/sessions/resolve')
      .set(IDENTITY_HEADER, svc.identity(null, { sys: 'gateway' }))
      .send({ sid });

  it('consultation tells accounts, and nobody else, about a category', async () => {
    const cserver = consultation.app.getHttpServer();
    const ask = (token: string, identity: string) =>
      request(cserver).get(`/internal/categories/${token}/enrolment`).set(IDENTITY_HEADER, identity);
    const asAccounts = consultation.identity(null, { sys: 'accounts' });
    const open = await ask(cat.open, asAccounts);
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ token: cat.open, mname: 'open', active: true, autosubscribe: true });
    expect((await ask(cat.idle, asAccounts)).body).toMatchObject({ active: false, autosubscribe: true });
    expect((await ask(cat.closed, asAccounts)).body).toMatchObject({ active: true, autosubscribe: false });
    expect((await ask(MISSING, asAccounts)).status).toBe(404);
    expect((await ask('not-a-token', asAccounts)).status).toBe(404);
    for (const identity of [
      consultation.identity(null),
      consultation.identity(TEST_ADMIN),
      consultation.identity(null, { sys: 'gateway' }),
      consultation.identity(null, { sys: 'library' }),
    ]) {
      expect((await ask(cat.open, identity)).status).toBe(403);
    }
  });

  it('answers each caller and category as the enrolment rules say, writing only an accepted enrolment', async () => {
    const table: Array<[string, SessionUser | null, unknown, number, string | undefined]> = [
      ['anonymous', null, { category: cat.open }, 401, 'AUTH.UNAUTHORIZED'],
      ['not open', kostas, { category: cat.closed }, 403, 'ACCOUNTS.ENROL_NOT_OPEN'],
      ['unknown', kostas, { category: MISSING }, 404, 'ACCOUNTS.CATEGORY_NOT_FOUND'],
      ['inactive', kostas, { category: cat.idle }, 404, 'ACCOUNTS.CATEGORY_NOT_FOUND'],
      ['no category', kostas, {}, 400, undefined],
      ['not a token', kostas, { category: 'open' }, 400, undefined],
      ['a list', kostas, [cat.open], 400, undefined],
      ['unknown field', kostas, { category: cat.open, role: 'expert' }, 400, undefined],
    ];
    const got = [];
    for (const [what, who, body] of table) {
      const res = await enrol(who, body);
      got.push([what, res.status, res.status === 400 ? undefined : res.body.code]);
      expect(res.headers[SESSION_REFRESH_HEADER]).toBeUndefined();
    }
    expect(got).toEqual(table.map(([what, , , status, code]) => [what, status, code]));
    expect(await rows(kostas)).toEqual([]);
  });

  it('enrols a participant in an open category as normal; the session and the profile then carry it', async () => {
    const sid = await sessionOf('maria');
    expect((await resolve(sid)).body.user.enrolments).toEqual([]);

    const res = await enrol(maria, { category: cat.open });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enrolments: [{ category: cat.open, role: 'normal' }] });
    expect(res.headers[SESSION_REFRESH_HEADER]).toBe('1');

    const resolved = await resolve(sid);
    expect(resolved.status).toBe(200);
    expect(resolved.body.user).toMatchObject({
      username: 'maria',
      enrolments: [{ category: cat.open, role: 'normal' }],
    });
    const profile = await request(server()).get('/profile').set(IDENTITY_HEADER, svc.identity(maria));
    expect(profile.body.enrolments).toEqual([{ category: cat.open, role: 'normal' }]);
  });

  it('answers an enrolment again with 200 and changes nothing (an expert stays an expert)', async () => {
    const before = await rows(maria);
    const again = await enrol(maria, { category: cat.open.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ enrolments: [{ category: cat.open, role: 'normal' }] });
    expect(await rows(maria)).toEqual(before);

    // enrolled by an administrator in a category that is not open: asking again is not a refusal
    await svc.db.query(
      `INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ($1, $2, 'expert')`,
      [cat.closed, maria.uuid],
    );
    const expert = await enrol(maria, { category: cat.closed });
    expect(expert.status).toBe(200);
    expect(expert.body.enrolments).toEqual([
      { category: cat.open, role: 'normal' },
      { category: cat.closed, role: 'expert' },
    ]);
  });

  it('refuses the role column anything but expert and normal', async () => {
    await expect(
      svc.db.query(`INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ($1, $2, 'admin')`, [
        cat.idle,
        kostas.uuid,
      ]),
    ).rejects.toThrow(/enrolment_role_check/);
  });

  it("removes a deleted user's enrolments", async () => {
    const [victim] = await svc.db.query<SessionUser>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ('leaving', 'L', 'L', 'leaving@example.org', 'authorized', 'x') RETURNING uuid::text`,
    );
    expect((await enrol(victim!, { category: cat.open })).status).toBe(200);
    expect(await rows(victim!)).toHaveLength(1);
    const [admin] = await svc.db.query<SessionUser>(
      `SELECT uuid::text, username, firstname, lastname, email, role FROM accounts."user" WHERE username = 'admin'`,
    );
    const del = await request(server())
      .delete(`/users/uuid/${victim!.uuid}`)
      .set(IDENTITY_HEADER, svc.identity(admin!));
    expect(del.status).toBe(200);
    expect(await rows(victim!)).toEqual([]);
  });

  it('answers 503 when consultation cannot answer, and writes nothing', async () => {
    const down = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        // port 1 (tcpmux): nothing listens there, the connection is refused
        CONSULTATION_URL: 'http://127.0.0.1:1',
      }),
    );
    try {
      const [user] = await down.db.query<SessionUser>(
        `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
         VALUES ('maria', 'M', 'P', 'maria@example.org', 'authorized', 'x')
         RETURNING uuid::text, username, firstname, lastname, email, role`,
      );
      const res = await request(down.app.getHttpServer())
        .post('/enrolment')
        .set(IDENTITY_HEADER, down.identity(user!))
        .send({ category: cat.open });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        Error: 'the consultation service cannot answer',
        code: 'ACCOUNTS.CONSULTATION_UNAVAILABLE',
      });
      expect(await down.db.query(`SELECT * FROM accounts.enrolment`)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('demo participants', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await bootTestService(
      accountsService({ AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD, AGORA_DEMO_DATA: 'true' }),
    );
  });
  afterAll(async () => {
    await svc?.close();
  });

  const counts = async () => {
    const [row] = await svc.db.query<{ users: number; enrolments: number }>(
      `SELECT (SELECT count(*)::int FROM accounts."user" WHERE username LIKE 'citizen%') AS users,
              (SELECT count(*)::int FROM accounts.enrolment) AS enrolments`,
    );
    return row!;
  };

  it('are created at the first start with their enrolments, and only then', async () => {
    const expected = [...DEMO_PARTICIPANTS, ...DEMO_RESIDENTS].reduce(
      (n, p) => n + Object.keys(p.enrolments).length,
      0,
    );
    expect(await counts()).toEqual({ users: 24, enrolments: expected });
    const [residents] = await svc.db.query<{ n: number; hashes: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT password_hash)::int AS hashes
         FROM accounts."user" WHERE username LIKE 'resident%' OR username LIKE 'citizen%'`,
    );
    expect(residents).toEqual({ n: 24 + DEMO_RESIDENTS.length, hashes: 1 });
    const [first] = await svc.db.query<{ role: string; hashes: number }>(
      `SELECT min(role) AS role, count(DISTINCT password_hash)::int AS hashes
         FROM accounts."user" WHERE username LIKE 'citizen%'`,
    );
    expect(first).toEqual({ role: 'authorized', hashes: 1 });

    // a later start (the same start hook) adds nothing, not even after one of them was deleted
    await svc.db.query(`DELETE FROM accounts."user" WHERE username = 'citizen24'`);
    const after = await counts();
    expect(await svc.app.get(DemoParticipants).seed()).toBe(0);
    expect(await counts()).toEqual(after);
  });

  it('log in with the shared password, and their session carries their demo enrolments', async () => {
    const login = await request(svc.app.getHttpServer())
      .post('/login')
      .set(IDENTITY_HEADER, svc.identity(null))
      .send({ username: 'citizen01', password: DEMO_PARTICIPANT_PASSWORD });
    expect(login.status).toBe(200);
    const resolved = await request(svc.app.getHttpServer())
      .post('/internal/sessions/resolve')
      .set(IDENTITY_HEADER, svc.identity(null, { sys: 'gateway' }))
      .send({ sid: login.headers[SESSION_SET_HEADER] });
    const enrolments = resolved.body.user.enrolments as Array<{ category: string; role: string }>;
    expect([...enrolments].sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: DEMO_CATEGORY_TOKENS['urban-mobility'], role: 'expert' },
      { category: DEMO_CATEGORY_TOKENS['public-spaces'], role: 'normal' },
    ]);
  });
});

// The admin dashboard's numbers on a known data set: GET stats, answered by a real accounts service with this
// service's counts (GET /internal/stats) and its own users' counts, and GET stats/answers of this service.
import { IDENTITY_HEADER, ROLES, type SessionUser } from '@agora/contracts';
import request from 'supertest';
import { bootTestService, closedPort, type TestService } from '@agora/common/testing';
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD } from '../../../accounts/test/accounts-test-helpers.js';
import { accountsService } from '../../../accounts/src/index.js';
import { as, buildWorld, type World } from '../../test/answer-test-helpers.js';
import { createConsultationService } from '../index.js';
import { todayIn } from '../project/project-dates.js';
import { lastDays } from './stats.service.js';

const ZONE = 'Europe/Athens';

const user = (role: SessionUser['role']): SessionUser => ({
  uuid: randomUUID(),
  username: `a-${role}`,
  firstname: 'Νίκος',
  lastname: 'Γεωργίου',
  email: `${role}@example.org`,
  role,
});

describe('the dashboard numbers', () => {
  let accounts: TestService;
  let svc: TestService;
  let world: World;
  let today: string;
  const admin = user('admin');

  /** The accounts service, asking consultation at `consultationUrl`. */
  const bootAccounts = (consultationUrl: string) =>
    bootTestService(
      accountsService({ AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD, CONSULTATION_URL: consultationUrl }),
    );

  beforeAll(async () => {
    svc = await bootTestService(createConsultationService({ CONSULTATION_TIME_ZONE: ZONE }));
    await svc.app.listen(0, '127.0.0.1');
    const { port } = svc.app.getHttpServer().address() as { port: number };
    accounts = await bootAccounts(`http://127.0.0.1:${port}/`);
    await accounts.db.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash, active)
       VALUES ('ed', 'E', 'D', 'ed@example.org', 'editor', 'x', true),
              ('gone', 'G', 'O', 'gone@example.org', 'authorized', 'x', false),
              ('citizen', 'C', 'I', 'citizen@example.org', 'authorized', 'x', true)`,
    );
    world = await buildWorld(svc);
    today = todayIn(ZONE);
    const other = randomUUID();
    await svc.db.query(`INSERT INTO consultation.category (token, mname, title) VALUES ($1, 'other', 'Ά')`, [
      other,
    ]);
    // besides the world's open project: public and closed, hidden (inactive), upcoming (hidden), open and public
    await svc.db.query(
      `INSERT INTO consultation.project (mname, title, start_date, end_date, active, is_public, category, sort_order)
       VALUES ('published', 'Δημοσιευμένο', '2001-01-01', '2001-12-31', false, true, $1, 1),
              ('hidden', 'Κρυφό', '2001-01-01', '2999-12-31', false, false, $1, 2),
              ('upcoming', 'Επόμενο', '2999-01-01', '2999-12-31', true, false, $1, 3),
              ('open-public', 'Ανοιχτό', '2001-01-01', '2999-12-31', true, true, $1, 4)`,
      [other],
    );
    // answers of the world's project: 3 now, 1 yesterday at 01:00 Athens time (the day before in UTC),
    // 2 at noon 32 days ago, 1 at noon 400 days ago (outside the default 90 days)
    const at = (sql: string, n: number) =>
      svc.db.query(
        `INSERT INTO consultation.answer (project, node, attribute, owner, created)
         SELECT $1, $2, $3, gen_random_uuid(), ${sql} FROM generate_series(1, ${n})`,
        [world.project, world.opinions, world.comments],
      );
    const localDay = (daysAgo: number, time: string) =>
      `(('${today}'::date - ${daysAgo}) + time '${time}') AT TIME ZONE '${ZONE}'`;
    await at('now()', 3);
    await at(localDay(1, '01:00'), 1);
    await at(localDay(32, '12:00'), 2);
    await at(localDay(400, '12:00'), 1);
  });
  afterAll(async () => {
    await svc?.close();
    await accounts?.close();
  });

  it('are for the admins only', async () => {
    const expected = Object.fromEntries(ROLES.map((role) => [role, role === 'admin' ? 200 : 403]));
    const routes = [
      [accounts, '/stats'],
      [svc, '/stats/answers'],
      [svc, '/stats/answers/days/7'],
    ] as const;
    for (const [service, path] of routes) {
      expect((await as(service, null).get(path)).status).toBe(401);
      const got: Record<string, number> = {};
      for (const role of ROLES) got[role] = (await as(service, user(role)).get(path)).status;
      expect(got).toEqual(expected);
    }
  });

  it("give consultation's counts to the accounts service alone", async () => {
    const internal = (identity: string) =>
      request(svc.app.getHttpServer()).get('/internal/stats').set(IDENTITY_HEADER, identity);
    for (const identity of [svc.identity(admin), svc.identity(null, { sys: 'library' })])
      expect((await internal(identity)).status).toBe(403);
    const res = await internal(svc.identity(null, { sys: 'accounts' }));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['answers', 'categories', 'projects']);
  });

  it('count categories, projects by state, answers by period and the users of the accounts service', async () => {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    // yesterday's answer is of this week unless today is Monday, of this month unless today is the 1st
    const yesterday = { week: weekday === 1 ? 0 : 1, month: today.endsWith('-01') ? 0 : 1 };
    const res = await as(accounts, admin).get('/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      categories: 2,
      projects: { total: 5, active: 2, public: 2, hidden: 2 },
      answers: { total: 7, week: 3 + yesterday.week, month: 3 + yesterday.month },
      users: {
        total: 4,
        status: { active: 3, inactive: 1 },
        role: { admin: 1, editor: 1, reviewer: 0, authorized: 2, guest: 0 },
      },
    });
  });

  it('give the answers per day per project, zero-filled, on the calendar of the time zone', async () => {
    const res = await as(svc, admin).get('/stats/answers/days/40');
    expect(res.status).toBe(200);
    const days = lastDays(today, 40);
    expect(res.body.days).toEqual(days);
    expect(days.at(-1)).toBe(today);
    const counts = days.map(() => 0);
    counts[39] = 3;
    counts[38] = 1;
    counts[7] = 2;
    const zero = days.map(() => 0);
    expect(res.body.projects).toEqual([
      { project: world.project, title: 'P', category: world.category, counts },
      ...['Δημοσιευμένο', 'Κρυφό', 'Επόμενο', 'Ανοιχτό'].map((title) =>
        expect.objectContaining({ title, counts: zero }),
      ),
    ]);
    const byDefault = await as(svc, admin).get('/stats/answers');
    expect(byDefault.body.days).toHaveLength(90);
    expect(byDefault.body.projects[0].counts.reduce((a: number, b: number) => a + b, 0)).toBe(6);
    expect((await as(svc, admin).get('/stats/answers/days/366')).body.days).toHaveLength(366);
    expect((await as(svc, admin).get('/stats/answers/days/1')).body.projects[0].counts).toEqual([3]);
  });

  it('refuse a number of days outside 1..366 with 400', async () => {
    for (const n of ['0', '367', '-1', '1.5', 'x', '0400']) {
      const res = await as(svc, admin).get(`/stats/answers/days/${n}`);
      expect([res.status, res.body.code]).toEqual([400, 'REQUEST.INVALID']);
    }
  });

  it('are refused with 503 by accounts when the consultation service cannot answer', async () => {
    const alone = await bootAccounts(`http://127.0.0.1:${await closedPort()}`);
    try {
      const res = await as(alone, admin).get('/stats');
      expect([res.status, res.body.code]).toEqual([503, 'ACCOUNTS.CONSULTATION_UNAVAILABLE']);
    } finally {
      await alone.close();
    }
  });
});

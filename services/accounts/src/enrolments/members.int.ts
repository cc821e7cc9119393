// The administrators' side of the enrolments: the members of a category (with consultation's profile weights),
// the users not enrolled yet, bulk enrolment, role change and unenrolment. Both services on the real Postgres.
import { IDENTITY_HEADER, type Role, type SessionUser } from '@agora/contracts';
import { bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../../../consultation/src/index.js';
import { ADMIN_PASSWORD } from '../../test/accounts-test-helpers.js';
import { accountsService } from '../index.js';

const MISSING = '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f';

const as = (role: Role): SessionUser => ({ ...TEST_ADMIN, uuid: MISSING, username: role, role });

describe('members and enrolment by administrators (accounts and consultation, real Postgres)', () => {
  let consultation: TestService;
  let svc: TestService;
  /** the category the members are in, and another one */
  let cat = '';
  let other = '';
  const users: Record<string, string> = {};
  let consultationClosed = false;

  beforeAll(async () => {
    consultation = await bootTestService(createConsultationService({}));
    await consultation.app.listen(0, '127.0.0.1');
    const { port } = consultation.app.getHttpServer().address() as { port: number };
    const categories = await consultation.db.query<{ token: string }>(
      `INSERT INTO consultation.category (mname, title, autosubscribe)
       VALUES ('members', 'members', false), ('other', 'other', true) RETURNING token::text`,
    );
    [cat, other] = categories.map((c) => c.token) as [string, string];
    // an active project opens the other category to its participants' own enrolment
    await consultation.db.query(
      `INSERT INTO consultation.project (mname, title, start_date, end_date, active, category)
       VALUES ('other-project', 'other', '2026-01-01', '2026-12-31', true, $1)`,
      [other],
    );
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${port}/`,
      }),
    );
    const rows = await svc.db.query<{ uuid: string; username: string }>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash, active)
       VALUES ('alpha', 'Άλφα', 'Alpha', 'alpha@example.org', 'authorized', 'x', true),
              ('beta', 'Βήτα', 'Beta', 'beta@example.org', 'authorized', 'x', true),
              ('gamma', 'Γάμμα', 'Gamma', 'gamma@example.org', 'reviewer', 'x', true),
              ('delta', 'Δέλτα', 'Delta', 'delta@sample.net', 'authorized', 'x', true),
              ('eps', 'Έψιλον', 'Epsilon', 'eps@example.org', 'authorized', 'x', true),
              ('zeta', 'Ζήτα', 'Zeta', 'zeta@example.org', 'editor', 'x', true),
              ('sleeper', 'Ύπνος', 'Sleeper', 'sleeper@example.org', 'authorized', 'x', false)
       RETURNING uuid::text, username`,
    );
    for (const r of rows) users[r.username] = r.uuid;
    // more users than a page, none enrolled
    await svc.db.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       SELECT 'bulk' || lpad(n::text, 2, '0'), 'B', 'Zbulk' || lpad(n::text, 2, '0'),
              'bulk' || n || '@example.org', 'authorized', 'x'
         FROM generate_series(1, 22) AS n`,
    );
    await svc.db.query(
      `INSERT INTO accounts.enrolment (category, user_uuid, role)
       VALUES ($1, $2, 'normal'), ($1, $3, 'expert'), ($1, $4, 'normal'), ($1, $5, 'normal')`,
      [cat, users.alpha, users.beta, users.gamma, users.delta],
    );
    await svc.db.query(
      `INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ($1, $2, 'expert')`,
      [other, users.eps],
    );
    await consultation.db.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight)
       VALUES ($1, $2, 'normal', 0.5), ($1, $3, 'expert', 1), ($1, $4, 'normal', 2), ($5, $6, 'expert', 9)`,
      [cat, users.alpha, users.beta, users.gamma, other, users.eps],
    );
  });

  afterAll(async () => {
    await svc?.close();
    if (!consultationClosed) await consultation?.close();
  });

  const server = () => svc.app.getHttpServer();
  const get = (path: string, who: SessionUser | null = TEST_ADMIN) =>
    request(server()).get(path).set(IDENTITY_HEADER, svc.identity(who));
  const members = (rest: string, who?: SessionUser | null) =>
    get(`/enrolment/category/${cat}/enrolled/true/page/${rest}`, who);
  const candidates = (rest: string, who?: SessionUser | null) =>
    get(`/enrolment/category/${cat}/page/${rest}`, who);
  const post = (body: unknown, who: SessionUser | null = TEST_ADMIN) =>
    request(server())
      .post('/enrolment')
      .set(IDENTITY_HEADER, svc.identity(who))
      .send(body as object);
  const put = (category: string, uuid: string, body: unknown, who: SessionUser | null = TEST_ADMIN) =>
    request(server())
      .put(`/enrolment/category/${category}/userid/${uuid}`)
      .set(IDENTITY_HEADER, svc.identity(who))
      .send(body as object);
  const del = (category: string, uuid: string, who: SessionUser | null = TEST_ADMIN) =>
    request(server())
      .delete(`/enrolment/category/${category}/userid/${uuid}`)
      .set(IDENTITY_HEADER, svc.identity(who));
  const enrolments = async (category: string) =>
    Object.fromEntries(
      (
        await svc.db.query<{ username: string; role: string }>(
          `SELECT u.username, e.role FROM accounts.enrolment e JOIN accounts."user" u ON u.uuid = e.user_uuid
            WHERE e.category = $1 ORDER BY u.username`,
          [category],
        )
      ).map((r) => [r.username, r.role]),
    );
  const names = (body: { values: Array<{ username: string }> }) => body.values.map((v) => v.username);

  it('gates every new route to administrators: editor, reviewer, participants and guests 403, anonymous 401', async () => {
    const participant: SessionUser = {
      ...as('authorized'),
      uuid: users.alpha!,
      enrolments: [{ category: cat, role: 'normal' }],
    };
    const calls: Array<[string, (who: SessionUser | null) => request.Test]> = [
      ['members', (who) => members('1/sort/lastname/sort_method/asc', who)],
      ['members csv', (who) => members('1/sort/lastname/sort_method/asc/limit/10000', who)],
      ['candidates', (who) => candidates('1/sort/lastname/sort_method/asc', who)],
      ['bulk enrol', (who) => post({ category: cat, uuids: [users.eps], role: 'normal' }, who)],
      ['role change', (who) => put(cat, users.alpha!, { role: 'expert' }, who)],
      ['unenrol', (who) => del(cat, users.alpha!, who)],
    ];
    const refused: Array<[string, SessionUser | null, number]> = [
      ['editor', as('editor'), 403],
      ['reviewer', as('reviewer'), 403],
      ['participant', participant, 403],
      ['guest', as('guest'), 403],
      ['anonymous', null, 401],
    ];
    const before = await enrolments(cat);
    const got: string[] = [];
    for (const [call, send] of calls) {
      for (const [who, user, status] of refused) {
        const res = await send(user);
        got.push(`${call} ${who} ${res.status}`);
        expect(res.body.code).toBe(status === 401 ? 'AUTH.UNAUTHORIZED' : 'AUTH.FORBIDDEN');
      }
    }
    expect(got).toEqual(
      calls.flatMap(([call]) => refused.map(([who, , status]) => `${call} ${who} ${status}`)),
    );
    expect(await enrolments(cat)).toEqual(before);
    // the admin's reads (writes are below)
    expect((await members('1/sort/lastname/sort_method/asc')).status).toBe(200);
    expect((await candidates('1/sort/lastname/sort_method/asc')).status).toBe(200);
  });

  it('lists the members by last name, with their enrolment role and consultation-profile weight', async () => {
    const res = await members('1/sort/lastname/sort_method/asc');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      values: [
        {
          uuid: users.alpha,
          username: 'alpha',
          firstname: 'Άλφα',
          lastname: 'Alpha',
          email: 'alpha@example.org',
          enrol_role: 'normal',
          weight: 0.5,
        },
        expect.objectContaining({ username: 'beta', enrol_role: 'expert', weight: 1 }),
        expect.objectContaining({ username: 'delta', enrol_role: 'normal', weight: null }),
        expect.objectContaining({ username: 'gamma', enrol_role: 'normal', weight: 2 }),
      ],
      page: 1,
      total_pages: 1,
      total: 4,
    });
  });

  it('sorts by every column but enrol_role, unanswered weights last either way', async () => {
    const order = async (field: string, method: string) =>
      names((await members(`1/sort/${field}/sort_method/${method}`)).body);
    expect(await order('lastname', 'desc')).toEqual(['gamma', 'delta', 'beta', 'alpha']);
    expect(await order('username', 'desc')).toEqual(['gamma', 'delta', 'beta', 'alpha']);
    expect(await order('firstname', 'asc')).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    expect(await order('email', 'desc')).toEqual(['gamma', 'delta', 'beta', 'alpha']);
    expect(await order('weight', 'asc')).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    expect(await order('weight', 'desc')).toEqual(['gamma', 'beta', 'alpha', 'delta']);
    const refused = await members('1/sort/enrol_role/sort_method/asc');
    expect([refused.status, refused.body.code]).toEqual([400, 'ACCOUNTS.BAD_SORT']);
  });

  it('pages, searches and filters the members by enrolment role', async () => {
    const second = await members('2/sort/lastname/sort_method/asc/limit/3');
    expect([names(second.body), second.body.page, second.body.total_pages, second.body.total]).toEqual([
      ['gamma'],
      2,
      2,
      4,
    ]);
    expect(names((await members('1/sort/lastname/sort_method/asc/query/SAMPLE.net')).body)).toEqual([
      'delta',
    ]);
    expect(
      names((await members(`1/sort/lastname/sort_method/asc/query/${encodeURIComponent('Γάμ')}`)).body),
    ).toEqual(['gamma']);
    // % is searched for, not a wildcard
    expect((await members('1/sort/lastname/sort_method/asc/query/%25')).body.total).toBe(0);
    const experts = await members('1/sort/lastname/sort_method/asc/fq/app.enrolment.role:expert');
    expect(names(experts.body)).toEqual(['beta']);
    const normalsA = await members(
      '1/sort/lastname/sort_method/asc/query/a/fq/app.enrolment.role:normal/limit/10000',
    );
    expect(names(normalsA.body)).toEqual(['alpha', 'delta', 'gamma']);
    // an unknown role is no filter (spec part 2 §9)
    expect((await members('1/sort/lastname/sort_method/asc/fq/app.enrolment.role:boss')).body.total).toBe(4);
  });

  it('lists the active users not enrolled in the category, paged, searched and filtered by site role', async () => {
    const first = await candidates('1/sort/lastname/sort_method/asc');
    expect(first.status).toBe(200);
    // admin (lastname of the first administrator), eps, zeta and the 22 others; not the inactive sleeper
    expect([first.body.total, first.body.total_pages, first.body.values.length]).toEqual([25, 2, 20]);
    const second = await candidates('2/sort/lastname/sort_method/asc');
    const all = [...names(first.body), ...names(second.body)];
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    expect(all).not.toContain('sleeper');
    for (const member of ['alpha', 'beta', 'gamma', 'delta']) expect(all).not.toContain(member);
    expect(all.slice(-3)).toEqual(['bulk21', 'bulk22', 'zeta']);
    expect(first.body.values).toContainEqual({
      uuid: users.eps,
      username: 'eps',
      firstname: 'Έψιλον',
      lastname: 'Epsilon',
      email: 'eps@example.org',
      role: 'authorized',
    });
    const limited = await candidates('3/sort/lastname/sort_method/asc/limit/10');
    expect([limited.body.values.length, limited.body.total_pages]).toEqual([5, 3]);
    expect(names((await candidates('1/sort/role/sort_method/asc/fq/core.users.role:editor')).body)).toEqual([
      'zeta',
    ]);
    expect(names((await candidates('1/sort/username/sort_method/desc/query/bulk1')).body)).toEqual([
      'bulk19',
      'bulk18',
      'bulk17',
      'bulk16',
      'bulk15',
      'bulk14',
      'bulk13',
      'bulk12',
      'bulk11',
      'bulk10',
      'bulk01', // its e-mail is bulk1@example.org
    ]);
  });

  it('refuses bad lists with 4xx and a code', async () => {
    const cases: Array<[string, number, string]> = [
      [
        `/enrolment/category/${MISSING}/enrolled/true/page/1/sort/lastname/sort_method/asc`,
        404,
        'ACCOUNTS.CATEGORY_NOT_FOUND',
      ],
      [
        `/enrolment/category/not-a-token/enrolled/true/page/1/sort/lastname/sort_method/asc`,
        404,
        'ACCOUNTS.CATEGORY_NOT_FOUND',
      ],
      [
        `/enrolment/category/${MISSING}/page/1/sort/lastname/sort_method/asc`,
        404,
        'ACCOUNTS.CATEGORY_NOT_FOUND',
      ],
      [`/enrolment/category/${cat}/enrolled/true/page/0/sort/lastname/sort_method/asc`, 400, 'REQUEST.PAGE'],
      [`/enrolment/category/${cat}/enrolled/true/page/x/sort/lastname/sort_method/asc`, 400, 'REQUEST.PAGE'],
      [
        `/enrolment/category/${cat}/enrolled/true/page/1/sort/password_hash/sort_method/asc`,
        400,
        'ACCOUNTS.BAD_SORT',
      ],
      [`/enrolment/category/${cat}/enrolled/true/page/1/sort/lastname/sort_method/up`, 400, 'REQUEST.SORT'],
      [
        `/enrolment/category/${cat}/enrolled/true/page/1/sort/lastname/sort_method/asc/fq/core.users.role:admin`,
        400,
        'ACCOUNTS.BAD_FILTER',
      ],
      [
        `/enrolment/category/${cat}/enrolled/true/page/1/sort/lastname/sort_method/asc/limit/10001`,
        400,
        'REQUEST.LIMIT',
      ],
      [`/enrolment/category/${cat}/page/1/sort/weight/sort_method/asc`, 400, 'ACCOUNTS.BAD_SORT'],
      [
        `/enrolment/category/${cat}/page/1/sort/lastname/sort_method/asc/fq/app.enrolment.role:expert`,
        400,
        'ACCOUNTS.BAD_FILTER',
      ],
    ];
    const got = [];
    for (const [path] of cases) {
      const res = await get(path);
      got.push([path, res.status, res.body.code]);
    }
    expect(got).toEqual(cases);
  });

  it('enrols users in bulk with the chosen role; those enrolled already keep their role', async () => {
    const res = await post({ category: cat, uuids: [users.eps, users.zeta, users.beta], role: 'expert' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enrolled: 2 });
    expect(await enrolments(cat)).toEqual({
      alpha: 'normal',
      beta: 'expert',
      delta: 'normal',
      eps: 'expert',
      gamma: 'normal',
      zeta: 'expert',
    });
    const list = await candidates('1/sort/lastname/sort_method/asc/query/e');
    expect(names(list.body)).not.toContain('eps');
    // the same again: nothing new
    expect((await post({ category: cat, uuids: [users.eps], role: 'normal' })).body).toEqual({ enrolled: 0 });
    expect((await enrolments(cat)).eps).toBe('expert');
  });

  it('writes nothing when one of the users is unknown, or the body is bad', async () => {
    const before = await enrolments(cat);
    const bad: Array<[string, unknown, number, string | undefined]> = [
      [
        'unknown user',
        { category: cat, uuids: [users.sleeper, MISSING], role: 'normal' },
        404,
        'ACCOUNTS.USER_NOT_FOUND',
      ],
      [
        'unknown category',
        { category: MISSING, uuids: [users.sleeper], role: 'normal' },
        404,
        'ACCOUNTS.CATEGORY_NOT_FOUND',
      ],
      ['not a uuid', { category: cat, uuids: [users.sleeper, 'nope'], role: 'normal' }, 400, undefined],
      ['bad role', { category: cat, uuids: [users.sleeper], role: 'admin' }, 400, undefined],
      ['no role', { category: cat, uuids: [users.sleeper] }, 400, undefined],
      ['no users', { category: cat, uuids: [], role: 'normal' }, 400, undefined],
      ['uuids not a list', { category: cat, uuids: users.sleeper, role: 'normal' }, 400, undefined],
      [
        'extra field',
        { category: cat, uuids: [users.sleeper], role: 'normal', notify: true },
        400,
        undefined,
      ],
    ];
    const got = [];
    for (const [what, body] of bad) {
      const res = await post(body);
      got.push([what, res.status, res.status === 400 ? undefined : res.body.code]);
      if (res.status === 400) expect(res.body.Error).toEqual(expect.any(String));
    }
    expect(got).toEqual(bad.map(([what, , status, code]) => [what, status, code]));
    expect(await enrolments(cat)).toEqual(before);
  });

  it("keeps the participant's own enrolment working beside the bulk form", async () => {
    const eps: SessionUser = { ...as('authorized'), uuid: users.eps!, username: 'eps' };
    const own = await post({ category: other }, eps);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      enrolments: [
        { category: other, role: 'expert' },
        { category: cat, role: 'expert' },
      ],
    });
  });

  it("changes a member's enrolment role and unenrols them; 404 when not enrolled", async () => {
    const changed = await put(cat, users.alpha!, { role: 'expert' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ category: cat, uuid: users.alpha, role: 'expert' });
    expect((await enrolments(cat)).alpha).toBe('expert');
    const experts = await members('1/sort/lastname/sort_method/asc/fq/app.enrolment.role:expert');
    expect(names(experts.body)).toContain('alpha');

    const badRole = await put(cat, users.alpha!, { role: 'admin' });
    expect(badRole.status).toBe(400);
    expect((await put(cat, users.alpha!, {})).status).toBe(400);
    expect((await put(cat, 'not-a-uuid', { role: 'normal' })).status).toBe(400);
    const notMember = await put(cat, users.sleeper!, { role: 'normal' });
    expect([notMember.status, notMember.body.code]).toEqual([404, 'ACCOUNTS.ENROLMENT_NOT_FOUND']);
    expect((await put('nope', users.alpha!, { role: 'normal' })).body.code).toBe(
      'ACCOUNTS.CATEGORY_NOT_FOUND',
    );
    expect((await enrolments(cat)).alpha).toBe('expert');

    const dropped = await del(cat, users.alpha!);
    expect(dropped.status).toBe(200);
    expect(dropped.body).toEqual({ message: 'data deleted' });
    expect((await enrolments(cat)).alpha).toBeUndefined();
    const again = await del(cat, users.alpha!);
    expect([again.status, again.body.code]).toEqual([404, 'ACCOUNTS.ENROLMENT_NOT_FOUND']);
    expect(names((await candidates('1/sort/lastname/sort_method/asc/query/alpha')).body)).toEqual(['alpha']);
  });

  it('consultation tells its profile weights to accounts only', async () => {
    const ask = (token: string, identity: string) =>
      request(consultation.app.getHttpServer())
        .get(`/internal/profile-weights/category/${token}`)
        .set(IDENTITY_HEADER, identity);
    const asAccounts = consultation.identity(null, { sys: 'accounts' });
    const res = await ask(other, asAccounts);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: other, weights: [{ uuid: users.eps, weight: 9 }] });
    expect((await ask(MISSING, asAccounts)).status).toBe(404);
    expect((await ask('nope', asAccounts)).status).toBe(404);
    for (const identity of [
      consultation.identity(null),
      consultation.identity(TEST_ADMIN),
      consultation.identity(null, { sys: 'gateway' }),
      consultation.identity(null, { sys: 'mailing' }),
    ]) {
      expect((await ask(other, identity)).status).toBe(403);
    }
  });

  // last: stops the consultation service
  it('lists the members without weights when consultation cannot answer, and still sorts by weight', async () => {
    await consultation.close();
    consultationClosed = true;
    const res = await members('1/sort/weight/sort_method/desc');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.values.map((v: { weight: unknown }) => v.weight)).toEqual([null, null, null, null, null]);
    // the ties keep the last-name order
    expect(names(res.body)).toEqual(['beta', 'delta', 'eps', 'gamma', 'zeta']);
    expect((await candidates('1/sort/lastname/sort_method/asc')).status).toBe(200);
    const enrol = await post({ category: cat, uuids: [users.sleeper], role: 'normal' });
    expect([enrol.status, enrol.body.code]).toEqual([503, 'ACCOUNTS.CONSULTATION_UNAVAILABLE']);
  });
});

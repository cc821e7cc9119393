import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { call, callerUser, callWith, enrolledUser, requestAs } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING = '00000000-0000-4000-8000-0000000000ff';

let svc: TestService;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
});
afterAll(() => svc?.close());

const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) =>
  call(svc, 'admin', method, path, body);
const multipart = (method: 'post' | 'put', path: string) => requestAs(svc, 'admin', method, path);

/** Every category row as stored, by mname: what a refused write must leave untouched. */
const snapshot = () =>
  svc.db.query(`SELECT token, mname, title, summary, summary_img, autosubscribe, sort_order
                FROM consultation.category ORDER BY mname`);
/** The administrator's active category (decision 0029: one per administrator), as its short name. */
const activeNames = async () =>
  (
    await svc.db.query<{ mname: string }>(
      `SELECT c.mname FROM consultation.admin_active_category a
       JOIN consultation.category c ON c.token = a.category WHERE a.user_uuid = $1 ORDER BY c.mname`,
      [callerUser('admin')!.uuid],
    )
  ).map((r) => r.mname);

async function create(mname: string, extra: object = {}): Promise<string> {
  const res = await admin('post', '/category', { title: `Κατηγορία ${mname}`, mname, ...extra });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

describe('GET /category', () => {
  afterAll(() => svc.db.query('DELETE FROM consultation.category'));

  it('answers 401 {"Error"} without an identity and to anonymous visitors', async () => {
    const none = await request(svc.app.getHttpServer()).get('/category');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ Error: 'missing or invalid identity', code: 'AUTH.IDENTITY' });
    const anonymous = await call(svc, 'anonymous', 'get', '/category');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ Error: 'not logged in', code: 'AUTH.UNAUTHORIZED' });
  });

  it('answers an empty list when there are no categories', async () => {
    const res = await call(svc, 'participant', 'get', '/category');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists every category and its projects by sort_order, in the exact shape, to staff', async () => {
    await svc.db.query(`
        INSERT INTO consultation.category
          (token, mname, title, summary, summary_img, summary_img_alt, autosubscribe, forum_welcome_message, sort_order)
        VALUES ('00000000-0000-4000-8000-000000000002', 'second', 'Δεύτερη', 's2', 'i2', 'a2', true, 'w2', 2),
               ('00000000-0000-4000-8000-000000000001', 'first', 'Πρώτη', 's1', 'i1', 'a1', false, 'w1', 1),
               ('00000000-0000-4000-8000-000000000003', 'empty', 'Άδεια', '', '', '', false, '', 3)`);
    // the administrator's own active category: marked only in the administrator's answer
    await svc.db.query(
      `INSERT INTO consultation.admin_active_category (user_uuid, category)
       VALUES ($1, '00000000-0000-4000-8000-000000000001')`,
      [callerUser('admin')!.uuid],
    );
    await svc.db.query(`
        INSERT INTO consultation.project (token, mname, title, start_date, end_date, sort_order, category)
        VALUES ('00000000-0000-4000-8000-0000000000b2', 'b-two', 'Β δύο', '2026-11-01', '2026-12-01', 2, '00000000-0000-4000-8000-000000000001'),
               ('00000000-0000-4000-8000-0000000000b1', 'b-one', 'Β ένα', '2026-11-01', '2026-12-01', 1, '00000000-0000-4000-8000-000000000001'),
               ('00000000-0000-4000-8000-0000000000c1', 'c-one', 'Γ ένα', '2026-11-01', '2026-12-01', 1, '00000000-0000-4000-8000-000000000002')`);
    // only the second category has consultation-profile questions (two, of both roles)
    await svc.db.query(`
        INSERT INTO consultation.profile_question (category, role, question, weight)
        VALUES ('00000000-0000-4000-8000-000000000002', 'normal', 'Ηλικία', 1),
               ('00000000-0000-4000-8000-000000000002', 'expert', 'Ειδικότητα', 1)`);
    for (const caller of ['admin'] as const) {
      const res = await call(svc, caller, 'get', '/category');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          token: '00000000-0000-4000-8000-000000000001',
          mname: 'first',
          title: 'Πρώτη',
          summary: 's1',
          summary_img: 'i1',
          summary_img_alt: 'a1',
          active: caller === 'admin',
          autosubscribe: false,
          forum_welcome_message: 'w1',
          has_answered: false,
          consultation: false,
          sort_order: 1,
          projects: [
            { token: '00000000-0000-4000-8000-0000000000b1', mname: 'b-one', title: 'Β ένα' },
            { token: '00000000-0000-4000-8000-0000000000b2', mname: 'b-two', title: 'Β δύο' },
          ],
        },
        {
          token: '00000000-0000-4000-8000-000000000002',
          mname: 'second',
          title: 'Δεύτερη',
          summary: 's2',
          summary_img: 'i2',
          summary_img_alt: 'a2',
          active: false,
          autosubscribe: true,
          forum_welcome_message: 'w2',
          has_answered: false,
          consultation: true,
          sort_order: 2,
          projects: [{ token: '00000000-0000-4000-8000-0000000000c1', mname: 'c-one', title: 'Γ ένα' }],
        },
        {
          token: '00000000-0000-4000-8000-000000000003',
          mname: 'empty',
          title: 'Άδεια',
          summary: '',
          summary_img: '',
          summary_img_alt: '',
          active: false,
          autosubscribe: false,
          forum_welcome_message: '',
          has_answered: false,
          consultation: false,
          sort_order: 3,
          projects: [],
        },
      ]);
    }
  });

  it('lists to a participant only the active categories they are enrolled in', async () => {
    const first = '00000000-0000-4000-8000-000000000001';
    const second = '00000000-0000-4000-8000-000000000002';
    const member = enrolledUser({ [first]: 'normal', [second]: 'expert' });
    for (const caller of ['participant', 'expert'] as const)
      expect((await call(svc, caller, 'get', '/category')).body).toEqual([]);
    // no project is active or public yet: no category is active
    expect((await callWith(svc, member, 'get', '/category')).body).toEqual([]);
    await svc.db.query(`UPDATE consultation.project SET active = true WHERE mname = 'b-two'`);
    const res = await callWith(svc, member, 'get', '/category');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([{ mname: 'first', has_answered: true, active: false }]);
    await svc.db.query(`UPDATE consultation.project SET is_public = true WHERE mname = 'c-one'`);
    const both = await callWith(svc, member, 'get', '/category');
    // the second category asks experts a question this member has not answered
    expect(both.body).toMatchObject([
      { mname: 'first', has_answered: true },
      { mname: 'second', has_answered: false },
    ]);
  });

  it('reads one category by token (admin) and by short name (everyone), and its short name by token', async () => {
    const byToken = await admin('get', '/category/token/00000000-0000-4000-8000-000000000001');
    expect(byToken.status).toBe(200);
    expect(byToken.body).toMatchObject({
      mname: 'first',
      sort_order: 1,
      projects: [{ mname: 'b-one' }, { mname: 'b-two' }],
    });
    for (const caller of ['anonymous', 'participant', 'admin'] as const) {
      const page = await call(svc, caller, 'get', '/category/mname/first');
      expect(page.status).toBe(200);
      // the category's own fields as before; projects become cards (participants: the shown ones)
      const { projects: _projects, ...fields } = byToken.body as Record<string, unknown>;
      expect(page.body).toMatchObject({ ...fields, active: caller === 'admin' });
      expect(page.body.projects.map((p: { mname: string }) => p.mname)).toEqual(
        caller === 'admin' ? ['b-one', 'b-two'] : ['b-two'],
      );
    }
    for (const path of ['token', 'uuid']) {
      const res = await call(
        svc,
        'participant',
        'get',
        `/category/${path}/00000000-0000-4000-8000-000000000002/fields/mname`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mname: 'second' });
    }
  });

  it.each([
    [
      '/category/token/' + MISSING,
      404,
      { Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' },
    ],
    [
      '/category/mname/nowhere',
      404,
      { Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' },
    ],
    [
      `/category/uuid/${MISSING}/fields/mname`,
      404,
      { Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' },
    ],
    ['/category/token/first', 400, { Error: 'invalid token', code: 'REQUEST.TOKEN' }],
    ['/category/uuid/1/fields/mname', 400, { Error: 'invalid token', code: 'REQUEST.TOKEN' }],
  ])('GET %s answers %i {"Error"}', async (path, status, body) => {
    const res = await admin('get', path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });
});

describe('POST /category', () => {
  afterEach(() => svc.db.query('DELETE FROM consultation.category'));

  it('adds a category at the end of the order with every field, and answers it', async () => {
    await create('existing');
    const res = await admin('post', '/category', {
      title: '  Δημόσιοι χώροι ',
      mname: 'public-spaces',
      summary: '<p>Πάρκα και πλατείες</p>',
      summary_img: '/api/library/files/demo/park.svg',
      summary_img_alt: 'Πάρκο',
      forum_welcome_message: 'Καλώς ήρθατε',
      autosubscribe: true,
      token: MISSING,
      projects: [],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(TOKEN),
      mname: 'public-spaces',
      title: 'Δημόσιοι χώροι',
      summary: '<p>Πάρκα και πλατείες</p>',
      summary_img: '/api/library/files/demo/park.svg',
      summary_img_alt: 'Πάρκο',
      active: false,
      autosubscribe: true,
      forum_welcome_message: 'Καλώς ήρθατε',
      has_answered: false,
      consultation: false,
      sort_order: 2,
      projects: [],
    });
    expect(res.body.token).not.toBe(MISSING);
    expect((await admin('get', `/category/token/${res.body.token}`)).body).toEqual(res.body);
  });

  it("makes a category created active the administrator's only active one", async () => {
    await create('one', { active: true });
    await create('two', { active: true });
    expect(await activeNames()).toEqual(['two']);
  });

  it('answers 409 when the short name exists, writing nothing', async () => {
    await create('taken');
    const before = await snapshot();
    const res = await admin('post', '/category', { title: 'Άλλη', mname: 'taken' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      Error: 'mname: This value already exists!',
      code: 'CONSULTATION.EXISTS',
      field: 'mname',
      rule: 'unique',
    });
    expect(await snapshot()).toEqual(before);
  });

  const LINK = { message: 'a link: /… or http(s)://…' };
  it.each([
    ['title: This value is required.', { mname: 'no-title' }, 'required'],
    ['title: This value is required.', { title: '   ', mname: 'blank-title' }, 'required'],
    ['mname: This value is required.', { title: 'T' }, 'required'],
    [
      "mname: lowercase Latin letters, digits, '-' and '_'",
      { title: 'T', mname: 'Κεφαλαία' },
      'pattern',
      { message: "lowercase Latin letters, digits, '-' and '_'" },
    ],
    ['title: Maximum size is 200.', { title: 'x'.repeat(201), mname: 'long' }, 'max', { n: 200 }],
    [
      'summary_img: a link: /… or http(s)://…',
      { title: 'T', mname: 'img', summary_img: 'javascript:alert(1)' },
      'pattern',
      LINK,
    ],
    [
      'summary_img: a link: /… or http(s)://…',
      { title: 'T', mname: 'img', summary_img: '//evil.example.org/a.png' },
      'pattern',
      LINK,
    ],
    ['active: true or false', { title: 'T', mname: 'flag', active: 'yes' }, 'type'],
    ['summary: a text', { title: 'T', mname: 'num', summary: 12 }, 'type'],
    ['colour: unknown field', { title: 'T', mname: 'extra', colour: 'red' }, 'unknown'],
  ])(
    'answers 400 %p, naming the field and its rule, writing nothing',
    async (message, body, rule, ...values) => {
      await create('kept', { active: true });
      const before = await snapshot();
      const res = await admin('post', '/category', body);
      expect(res.status).toBe(400);
      // `Error` stays the English text for API users; `field`, `rule` and `values` are for translated messages.
      expect(res.body).toEqual({
        Error: message,
        code: 'CONSULTATION.INVALID_FIELD',
        field: message.slice(0, message.indexOf(':')),
        rule,
        ...(values.length > 0 && { values: values[0] }),
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('answers 400 to a body that is not an object, and to malformed JSON', async () => {
    const list = await admin('post', '/category', [{ title: 'T', mname: 't' }]);
    expect(list.status).toBe(400);
    expect(list.body.Error).toBe('the body must be a JSON object or a form');
    const malformed = await multipart('post', '/category')
      .set('Content-Type', 'application/json')
      .send('{"title":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ Error: 'malformed JSON', code: 'REQUEST.MALFORMED' });
    expect(await snapshot()).toEqual([]);
  });

  it('takes multipart/form-data with the same field names, booleans as text', async () => {
    const res = await multipart('post', '/category')
      .field('title', 'Πολυμερές')
      .field('mname', 'multipart')
      .field('summary_img', 'https://example.org/a.png')
      .field('active', 'true')
      .field('autosubscribe', '0');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mname: 'multipart',
      summary_img: 'https://example.org/a.png',
      active: true,
      autosubscribe: false,
    });
  });

  it('refuses files and bad text in multipart/form-data, writing nothing', async () => {
    const file = await multipart('post', '/category')
      .field('title', 'Με αρχείο')
      .field('mname', 'with-file')
      .attach('summary_img', Buffer.from('GIF89a'), 'a.gif');
    expect(file.status).toBe(400);
    expect(file.body).toEqual({
      Error: 'files are not accepted here: send the link of a library file',
      code: 'REQUEST.FILE',
    });
    const broken = await multipart('post', '/category')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nT');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('REQUEST.FORM');
    const flag = await multipart('post', '/category')
      .field('title', 'T')
      .field('mname', 'flag')
      .field('active', 'on');
    expect(flag.status).toBe(400);
    expect(flag.body.Error).toBe('active: true or false');
    expect(await snapshot()).toEqual([]);
  });
});

describe('PUT /category/token/{token}', () => {
  afterEach(() => svc.db.query('DELETE FROM consultation.category'));

  it('changes only the fields sent', async () => {
    const token = await create('mobility', { summary: 'Περίληψη', autosubscribe: true });
    const res = await admin('put', `/category/token/${token}`, { title: 'Κινητικότητα', mname: 'mobility' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token,
      mname: 'mobility',
      title: 'Κινητικότητα',
      summary: 'Περίληψη',
      autosubscribe: true,
      sort_order: 1,
    });
    const renamed = await admin('put', `/category/token/${token}`, { mname: 'urban-mobility', summary: '' });
    expect(renamed.body).toMatchObject({ mname: 'urban-mobility', title: 'Κινητικότητα', summary: '' });
    const nothing = await admin('put', `/category/token/${token}`, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual(renamed.body);
    // the answer sent back as it came (read-only fields included) changes nothing
    const echoed = await admin('put', `/category/token/${token}`, renamed.body as object);
    expect(echoed.status).toBe(200);
    expect(echoed.body).toEqual(renamed.body);
  });

  it('says consultation: true once the category has a profile question, and has_answered: false', async () => {
    const token = await create('profiled');
    expect((await admin('get', `/category/token/${token}`)).body).toMatchObject({
      consultation: false,
      has_answered: false,
    });
    const question = await admin('post', '/consultationProfile', {
      question: 'Πώς μετακινείστε;',
      category: token,
      role: 'normal',
      weight: 1,
      choices: [],
    });
    expect(question.status).toBe(200);
    for (const caller of ['admin'] as const)
      expect((await call(svc, caller, 'get', '/category/mname/profiled')).body).toMatchObject({
        consultation: true,
        has_answered: false,
      });
    expect((await admin('delete', `/consultationProfile/token/${question.body.token}`)).status).toBe(200);
    expect((await admin('get', `/category/token/${token}`)).body.consultation).toBe(false);
  });

  it("keeps the administrator's one active category: true makes it the only one, false leaves none", async () => {
    const a = await create('a', { active: true });
    const b = await create('b');
    await create('c');
    expect(await activeNames()).toEqual(['a']);
    const res = await admin('put', `/category/token/${b}`, { active: true });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(true);
    expect(await activeNames()).toEqual(['b']);
    expect((await admin('get', '/category')).body.filter((c: { active: boolean }) => c.active)).toHaveLength(
      1,
    );
    await admin('put', `/category/token/${b}`, { active: true });
    expect(await activeNames()).toEqual(['b']);
    await admin('put', `/category/token/${a}`, { active: false });
    expect(await activeNames()).toEqual(['b']);
    await admin('put', `/category/token/${b}`, { active: false });
    expect(await activeNames()).toEqual([]);
  });

  it('activates one category at a time even when requests race', async () => {
    const tokens = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((m) => create(m)));
    const results = await Promise.all(
      tokens.map((t) => admin('put', `/category/token/${t}`, { active: true })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await activeNames()).toHaveLength(1);
  });

  it('answers 409 when the new short name is taken, and accepts its own', async () => {
    await create('first');
    const token = await create('second');
    const before = await snapshot();
    const res = await admin('put', `/category/token/${token}`, { mname: 'first', title: 'Νέος' });
    expect(res.status).toBe(409);
    expect(res.body.Error).toBe('mname: This value already exists!');
    expect(await snapshot()).toEqual(before);
    expect((await admin('put', `/category/token/${token}`, { mname: 'second' })).status).toBe(200);
  });

  it('answers 400 for a bad field and 404 for an unknown category, writing nothing', async () => {
    const a = await create('a', { active: true });
    const token = await create('b');
    const before = await snapshot();
    for (const body of [
      { title: '' },
      { mname: 'B B' },
      { active: null },
      { sort_order: 'x', summary_img: 'x.png' },
    ]) {
      const res = await admin('put', `/category/token/${token}`, { active: true, ...body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CONSULTATION.INVALID_FIELD');
    }
    const unknown = await admin('put', `/category/token/${MISSING}`, { active: true, title: 'X' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Error).toBe('category not found');
    expect(await snapshot()).toEqual(before);
    expect(await activeNames()).toEqual(['a']);
    expect(a).toMatch(TOKEN);
  });

  it('takes multipart/form-data with _method=PUT', async () => {
    const token = await create('form');
    const res = await multipart('put', `/category/token/${token}`)
      .field('_method', 'put')
      .field('summary_img', '/api/library/files/x.png')
      .field('active', 'true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ summary_img: '/api/library/files/x.png', active: true });
  });
});

describe('PUT /category/sortOrder/', () => {
  afterEach(() => svc.db.query('DELETE FROM consultation.category'));

  const order = async () =>
    ((await admin('get', '/category')).body as Array<{ mname: string }>).map((c) => c.mname);

  it('sets 1-based positions from a token → position map', async () => {
    const [a, b, c] = [await create('a'), await create('b'), await create('c')];
    expect(await order()).toEqual(['a', 'b', 'c']);
    const res = await admin('put', '/category/sortOrder/', { [c]: 1, [a]: 2, [b]: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'successful update' });
    expect(await order()).toEqual(['c', 'a', 'b']);
    const form = await multipart('put', '/category/sortOrder').field(a, '1').field(c, '3');
    expect(form.status).toBe(200);
    expect(await order()).toEqual(['a', 'b', 'c']);
    expect((await admin('get', `/category/token/${b}`)).body.sort_order).toBe(3);
  });

  it('changes nothing when a token is unknown (404) or the map is bad (400)', async () => {
    const [a, b] = [await create('a'), await create('b')];
    const before = await snapshot();
    const unknown = await admin('put', '/category/sortOrder/', { [b]: 1, [MISSING]: 2, [a]: 3 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' });
    for (const body of [{}, { [a]: 0 }, { [a]: 1, [b]: 1 }, { a: 1 }, { [a]: '2nd' }]) {
      const res = await admin('put', '/category/sortOrder/', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CONSULTATION.INVALID_FIELD');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /category/token/{token}', () => {
  it('deletes the category and its projects; 404 afterwards', async () => {
    const token = await create('doomed');
    const kept = await create('kept');
    await svc.db.query(
      `INSERT INTO consultation.project (mname, title, start_date, end_date, category)
       VALUES ('p-doomed', 'P', '2026-11-01', '2026-11-02', $1), ('p-kept', 'K', '2026-11-01', '2026-11-02', $2)`,
      [token, kept],
    );
    const res = await admin('delete', `/category/token/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'data deleted' });
    expect(await svc.db.query('SELECT mname FROM consultation.project')).toEqual([{ mname: 'p-kept' }]);
    expect((await admin('get', `/category/token/${token}`)).status).toBe(404);
    const again = await admin('delete', `/category/token/${token}`);
    expect(again.status).toBe(404);
    expect(again.body.Error).toBe('category not found');
    expect((await admin('delete', '/category/token/doomed')).status).toBe(400);
  });
});

import { bootTestService, type TestService } from '@agora/common/testing';
import { call, callWith, enrolledUser, requestAs } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';
import { todayIn } from './project-dates.js';
import { addDays } from './project.form.js';

const CATEGORY = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const MISSING = '00000000-0000-4000-8000-0000000000ff';
const MAX_BYTES = 50 * 1024 * 1024;

let svc: TestService;

beforeAll(async () => {
  svc = await bootTestService(
    createConsultationService({ PROJECT_MAX_BYTES_MIN: '1024', PROJECT_MAX_BYTES_MAX: String(MAX_BYTES) }),
  );
  await svc.db.query(`
      INSERT INTO consultation.category (token, mname, title, sort_order)
      VALUES ('${CATEGORY}', 'urban-mobility', 'Αστική κινητικότητα', 1), ('${OTHER}', 'public-spaces', 'Δημόσιοι χώροι', 2)`);
});
afterAll(() => svc?.close());
afterEach(() => svc.db.query('DELETE FROM consultation.project'));

const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) =>
  call(svc, 'admin', method, path, body);
const multipart = (method: 'post' | 'put', path: string) => requestAs(svc, 'admin', method, path);

/** Every project row as stored: what a refused write must leave untouched. */
const snapshot = () =>
  svc.db.query(`SELECT token, mname, title, start_date::text, end_date::text, public_date::text, is_public,
                       max_bytes, zoom, public.ST_AsText(center) AS center, wms_services, legislation,
                       sort_order, category
                FROM consultation.project ORDER BY mname`);

async function create(mname: string, extra: object = {}): Promise<Record<string, unknown>> {
  const res = await admin('post', '/project', {
    title: `Έργο ${mname}`,
    mname,
    category: CATEGORY,
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

const WMS = [
  { title: 'Ορθοφωτοχάρτες', WMSurl: 'https://gis.example.org/wms?service=WMS', layers: 'ortho,roads' },
];
const LAWS = [
  { title: 'Ν. 4784/2021', file: 'https://www.et.gr/law.pdf' },
  { title: 'Απόφαση', file: '/api/library/files/decision.pdf' },
];

describe('POST /project', () => {
  it('adds a project with every field, at the end of the order, with its centre in PostGIS', async () => {
    await create('first');
    const res = await admin('post', '/project', {
      title: 'Ποδηλατόδρομος',
      mname: 'seafront',
      category: CATEGORY,
      summary: '<p>Περίληψη</p>',
      summary_img: '/api/library/files/demo/a.svg',
      summary_img_alt: 'Ποδήλατο',
      start_date: '2026-11-01',
      end_date: '2026-12-01',
      is_public: true,
      public_date: '2026-12-05',
      active: true,
      max_bytes: 2048,
      zoom: 16,
      center: { lat: 40.6264, lng: 22.9484 },
      wms_services: WMS,
      legislation: LAWS,
      open_data_free_text: true,
      erase_answers_on_account_deletion: true,
      open_data_grid_m: 200,
      token: MISSING,
      forum_topic_id: 7,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mname: 'seafront',
      title: 'Ποδηλατόδρομος',
      summary: '<p>Περίληψη</p>',
      summary_img: '/api/library/files/demo/a.svg',
      summary_img_alt: 'Ποδήλατο',
      start_date: '2026-11-01',
      end_date: '2026-12-01',
      retention_days: null,
      personal_links_removed_at: null,
      public_date: '2026-12-05',
      is_public: true,
      active: true,
      max_bytes: 2048,
      zoom: 16,
      center: { lat: 40.6264, lng: 22.9484 },
      wms_services: WMS,
      legislation: LAWS,
      open_data_free_text: true,
      erase_answers_on_account_deletion: true,
      open_data_grid_m: 200,
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 2,
      category: { token: CATEGORY, mname: 'urban-mobility', title: 'Αστική κινητικότητα' },
    });
    const [stored] = await svc.db.query(
      `SELECT public.ST_SRID(center) AS srid, public.ST_X(center) AS x, public.ST_Y(center) AS y
       FROM consultation.project WHERE mname = 'seafront'`,
    );
    expect(stored).toEqual({ srid: 4326, x: 22.9484, y: 40.6264 });
    for (const path of [`/project/token/${res.body.token}`, '/project/mname/seafront'])
      expect((await admin('get', path)).body).toEqual(res.body);
  });

  it('defaults: start today, end tomorrow, public date tomorrow only when published, the server limit', async () => {
    const before = todayIn('Europe/Athens', new Date());
    const plain = await create('plain');
    const published = await create('published', { is_public: true });
    const after = todayIn('Europe/Athens', new Date());
    expect([before, after]).toContain(plain.start_date);
    const today = plain.start_date as string;
    expect(plain).toMatchObject({
      start_date: today,
      end_date: addDays(today, 1),
      is_public: false,
      public_date: null,
      active: false,
      max_bytes: 10 * 1024 * 1024,
      zoom: 14,
      center: null,
      wms_services: [],
      legislation: [],
      open_data_free_text: false,
      erase_answers_on_account_deletion: false,
      open_data_grid_m: 50,
    });
    expect(published).toMatchObject({ is_public: true, public_date: addDays(today, 1) });
    // A form may keep its date filled while publication is off: the date is not stored.
    const unpublished = await create('unpublished', { is_public: false, public_date: '2027-01-10' });
    expect(unpublished).toMatchObject({ is_public: false, public_date: null });
    const later = await create('later', { start_date: '2027-03-31' });
    expect(later).toMatchObject({ start_date: '2027-03-31', end_date: '2027-04-01' });
  });

  it.each([
    ['title: This value is required.', { title: '' }],
    ["mname: lowercase Latin letters, digits, '-' and '_'", { mname: 'Έργο' }],
    ['category: This value is required.', { category: undefined }],
    ['category: a token', { category: 'urban-mobility' }],
    ['start_date: a date (yyyy-MM-dd)', { start_date: '2026-02-30' }],
    [
      'end_date: the end date cannot be before the start date',
      { start_date: '2026-12-02', end_date: '2026-12-01' },
    ],
    ['zoom: a whole number from 0 to 22', { zoom: 23 }],
    ['zoom: a whole number from 0 to 22', { zoom: -1 }],
    ['max_bytes: from 1024 to 52428800 bytes', { max_bytes: MAX_BYTES + 1 }],
    ['max_bytes: from 1024 to 52428800 bytes', { max_bytes: 1023 }],
    ['max_bytes: a whole number from 0 to 9007199254740991', { max_bytes: 1.5 }],
    ['center.lat: a latitude from -90 to 90', { center: { lat: 91, lng: 22 } }],
    ['center.lng: a longitude from -180 to 180', { center: { lat: 40, lng: '22' } }],
    ['center.alt: unknown field', { center: { lat: 40, lng: 22, alt: 3 } }],
    ['center: {lat, lng} or null', { center: [40, 22] }],
    [
      'wms_services[0].layers: This value is required.',
      { wms_services: [{ title: 'T', WMSurl: 'https://x.org/wms' }] },
    ],
    [
      'wms_services[0].WMSurl: an http(s) URL',
      { wms_services: [{ title: 'T', WMSurl: '/wms', layers: 'a' }] },
    ],
    ['wms_services: a list', { wms_services: { title: 'T' } }],
    ['legislation[1].file: This value is required.', { legislation: [LAWS[0], { title: 'Χωρίς αρχείο' }] }],
    ['legislation[0].title: This value is required.', { legislation: [{ title: ' ', file: '/a.pdf' }] }],
    [
      'legislation[0].file: a link: /… or http(s)://…',
      { legislation: [{ title: 'T', file: 'file:///etc/passwd' }] },
    ],
    ['summary_img: a link: /… or http(s)://…', { summary_img: 'data:image/png;base64,AAAA' }],
    ['is_public: true or false', { is_public: 'maybe' }],
    ['retention_days: a whole number from 1 to 3650', { retention_days: 0 }],
    ['retention_days: a whole number from 1 to 3650', { retention_days: -5 }],
    ['retention_days: a whole number from 1 to 3650', { retention_days: 3651 }],
    ['retention_days: a whole number from 1 to 3650', { retention_days: 1.5 }],
    ['retention_days: a whole number from 1 to 3650', { retention_days: 'thirty' }],
    ['owner: unknown field', { owner: 'me' }],
  ])('answers 400 %p, writing nothing', async (message, fields) => {
    await create('kept');
    const before = await snapshot();
    const res = await admin('post', '/project', {
      title: 'Νέο',
      mname: 'new-project',
      category: CATEGORY,
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      Error: message,
      code: 'CONSULTATION.INVALID_FIELD',
      field: message.slice(0, message.indexOf(': ')),
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for a short name in use and 404 for an unknown category, writing nothing', async () => {
    await create('taken');
    const before = await snapshot();
    const taken = await admin('post', '/project', { title: 'T', mname: 'taken', category: OTHER });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      Error: 'mname: This value already exists!',
      code: 'CONSULTATION.EXISTS',
    });
    const unknown = await admin('post', '/project', { title: 'T', mname: 'orphan', category: MISSING });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
  });

  it('takes multipart/form-data with JSON fields parsed strictly', async () => {
    const res = await multipart('post', '/project')
      .field('title', 'Πολυμερές')
      .field('mname', 'multipart')
      .field('category', OTHER)
      .field('is_public', 'true')
      .field('public_date', '2027-01-01')
      .field('zoom', '12')
      .field('max_bytes', '4096')
      .field('center', JSON.stringify({ lat: 38.2466, lng: 21.7346 }))
      .field('wms_services', JSON.stringify(WMS))
      .field('legislation', JSON.stringify(LAWS));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mname: 'multipart',
      is_public: true,
      public_date: '2027-01-01',
      zoom: 12,
      max_bytes: 4096,
      center: { lat: 38.2466, lng: 21.7346 },
      wms_services: WMS,
      legislation: LAWS,
      category: { token: OTHER },
    });
    const before = await snapshot();
    for (const [field, value] of [
      ['center', "{lat: 1, 'lng': 2}"],
      ['wms_services', '[{"title": "T",'],
      ['legislation', 'title=T&file=/a.pdf'],
    ] as const) {
      const bad = await multipart('post', '/project')
        .field('title', 'Κακό')
        .field('mname', 'bad-json')
        .field('category', CATEGORY)
        .field(field, value);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        Error: `${field}: invalid JSON`,
        code: 'CONSULTATION.INVALID_FIELD',
        field,
        rule: 'type',
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /project/token/{token}', () => {
  it('changes only the fields sent and settles dates and publication against the stored ones', async () => {
    const p = await create('seafront', {
      start_date: '2026-11-01',
      end_date: '2026-12-01',
      is_public: true,
      public_date: '2026-12-05',
      center: { lat: 40.6, lng: 22.9 },
      wms_services: WMS,
    });
    const path = `/project/token/${p.token as string}`;
    const renamed = await admin('put', path, { title: 'Νέος τίτλος', zoom: 18 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...p, title: 'Νέος τίτλος', zoom: 18 });

    const hidden = await admin('put', path, { is_public: false });
    expect(hidden.body).toMatchObject({ is_public: false, public_date: null, start_date: '2026-11-01' });
    const shown = await admin('put', path, { is_public: true, public_date: '2026-12-10' });
    expect(shown.body).toMatchObject({ is_public: true, public_date: '2026-12-10' });

    const cleared = await admin('put', path, { center: null, wms_services: [], legislation: LAWS });
    expect(cleared.body).toMatchObject({ center: null, wms_services: [], legislation: LAWS });
    const moved = await admin('put', path, { category: OTHER, end_date: '2026-11-01' });
    expect(moved.body).toMatchObject({
      end_date: '2026-11-01',
      category: { token: OTHER, mname: 'public-spaces' },
    });
    expect(
      (await admin('get', `/project/category/${OTHER}`)).body.map((x: { mname: string }) => x.mname),
    ).toEqual(['seafront']);
  });

  it('answers 400, 404 and 409 without writing anything', async () => {
    await create('other');
    const p = await create('mine', { start_date: '2026-11-10', end_date: '2026-11-20' });
    const path = `/project/token/${p.token as string}`;
    const before = await snapshot();
    const cases: Array<[object, number, string]> = [
      [{ end_date: '2026-11-09' }, 400, 'end_date: the end date cannot be before the start date'],
      [
        { start_date: '2026-11-21', title: 'X' },
        400,
        'end_date: the end date cannot be before the start date',
      ],
      [{ title: '' }, 400, 'title: This value is required.'],
      [{ center: { lat: 40 } }, 400, 'center.lng: a longitude from -180 to 180'],
      [{ mname: 'other' }, 409, 'mname: This value already exists!'],
      [{ category: MISSING }, 404, 'category not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin('put', path, body);
      expect([res.status, res.body.Error]).toEqual([status, message]);
    }
    const unknown = await admin('put', `/project/token/${MISSING}`, { title: 'X' });
    expect([unknown.status, unknown.body.Error]).toEqual([404, 'project not found']);
    expect((await admin('put', path, { mname: 'mine' })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('takes multipart/form-data with _method=PUT', async () => {
    const p = await create('form');
    const res = await multipart('put', `/project/token/${p.token as string}`)
      .field('_method', 'PUT')
      .field('active', 'true')
      .field('center', '{"lat": 37.9768, "lng": 23.7276}');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active: true, center: { lat: 37.9768, lng: 23.7276 } });
  });
});

describe('project reads, order and deletion', () => {
  it('reads by token and by short name; 404 and 400 otherwise', async () => {
    const p = await create('readable');
    expect((await admin('get', `/project/token/${p.token as string}`)).body).toEqual(p);
    expect((await admin('get', '/project/mname/readable')).body).toEqual(p);
    // a participant: enrolled in its category, and only once the project is active or public
    const refused = await call(svc, 'participant', 'get', '/project/mname/readable');
    expect([refused.status, refused.body.code]).toEqual([403, 'CONSULTATION.NOT_ENROLLED']);
    const member = enrolledUser({ [CATEGORY]: 'normal' });
    const hidden = await callWith(svc, member, 'get', '/project/mname/readable');
    expect([hidden.status, hidden.body.code]).toEqual([404, 'CONSULTATION.PROJECT_NOT_FOUND']);
    const shown = await admin('put', `/project/token/${p.token as string}`, { active: true });
    expect((await callWith(svc, member, 'get', '/project/mname/readable')).body).toEqual(shown.body);
    const missing = await admin('get', `/project/token/${MISSING}`);
    expect([missing.status, missing.body]).toEqual([
      404,
      { Error: 'project not found', code: 'CONSULTATION.PROJECT_NOT_FOUND' },
    ]);
    expect((await admin('get', '/project/mname/nowhere')).status).toBe(404);
    expect((await admin('get', '/project/token/readable')).status).toBe(400);
  });

  it('serves the bounds of max_bytes from the settings, and those of open_data_grid_m', async () => {
    const res = await call(svc, 'anonymous', 'get', '/project/limits');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      max_bytes: { min: 1024, max: MAX_BYTES, default: 10 * 1024 * 1024 },
      open_data_grid_m: { min: 10, max: 10_000, default: 50 },
    });
  });

  it('reorders with a token → position map, all or nothing', async () => {
    const [a, b, c] = [await create('a'), await create('b'), await create('c')].map((p) => p.token as string);
    const order = async () =>
      ((await admin('get', '/project')).body.values as Array<{ mname: string }>).map((p) => p.mname);
    expect(await order()).toEqual(['a', 'b', 'c']);
    const res = await admin('put', '/project/sortOrder/', { [b!]: 1, [c!]: 2, [a!]: 3 });
    expect([res.status, res.body]).toEqual([200, { message: 'successful update' }]);
    expect(await order()).toEqual(['b', 'c', 'a']);
    const form = await multipart('put', '/project/sortOrder').field(a!, '1').field(b!, '2').field(c!, '3');
    expect(form.status).toBe(200);
    expect(await order()).toEqual(['a', 'b', 'c']);
    const before = await snapshot();
    const unknown = await admin('put', '/project/sortOrder/', { [c!]: 1, [MISSING]: 2 });
    expect([unknown.status, unknown.body.Error]).toEqual([404, 'project not found']);
    const twice = await admin('put', '/project/sortOrder/', { [a!]: 2, [b!]: 2 });
    expect(twice.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a project; 404 afterwards', async () => {
    const p = await create('doomed');
    await create('kept');
    const res = await admin('delete', `/project/token/${p.token as string}`);
    expect([res.status, res.body]).toEqual([200, { message: 'data deleted' }]);
    expect(await svc.db.query('SELECT mname FROM consultation.project')).toEqual([{ mname: 'kept' }]);
    const again = await admin('delete', `/project/token/${p.token as string}`);
    expect([again.status, again.body.Error]).toEqual([404, 'project not found']);
  });
});

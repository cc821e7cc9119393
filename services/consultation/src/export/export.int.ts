import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { S3FileStorage } from '@agora/common/storage';
import {
  bootTestService,
  startTestS3Server,
  type TestS3Server,
  type TestService,
} from '@agora/common/testing';
import { formatAreaFilter, type SessionUser } from '@agora/contracts';
import { parse } from 'csv-parse/sync';
import { createConsultationService } from '../index.js';
import { as, buildWorld, personOf, point, polygon, type World } from '../../test/answer-test-helpers.js';
import { addProfileQuestion } from '../../test/profile-test-helpers.js';

const run = promisify(execFile);

let svc: TestService;
let w: World;
let owner: SessionUser;
let second: SessionUser;
let near: string;
let far: string;
let plain: string;
let area: string;
let dir: string;
let s3: TestS3Server;

/** Reads a response body as bytes (supertest leaves unknown types unparsed). */
const bytes = (req: ReturnType<ReturnType<typeof as>['get']>) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'agora-export-'));
  // the jobs' files in an S3-compatible store: the replicas share the database, the queues and the bucket only
  s3 = await startTestS3Server('exports');
  svc = await bootTestService(createConsultationService(s3.env));
  w = await buildWorld(svc);
  owner = personOf('normal', w.category);
  second = personOf('normal', w.category);
  // a profile question of the category, answered by the owner, who has a stored weight
  const question = await addProfileQuestion(svc, {
    category: w.category,
    question: 'Ηλικία',
    choices: [
      { content: '18-30', weight: 2, icon: 'i' },
      { content: '31-60', weight: 1, icon: 'i' },
    ],
  });
  await svc.db.query(
    `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
    [owner.uuid, question.token, w.category, question.choices[1]!],
  );
  await svc.db.query(
    `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight) VALUES ($1, $2, 'normal', 2.5)`,
    [w.category, owner.uuid],
  );
  const me = as(svc, owner);
  near = (await me.post('/data/scope/attribute', { attribute: w.points, geometry: point(23.7, 37.9) })).body
    .token;
  far = (await me.post('/data/scope/attribute', { attribute: w.points, geometry: point(23.708, 37.908) }))
    .body.token;
  area = (
    await as(svc, second).post('/data/scope/attribute', {
      attribute: w.areas,
      geometry: polygon(23.702, 37.902, 0.001),
    })
  ).body.token;
  plain = (await me.post('/data/scope/attribute', { attribute: w.comments })).body.token;
  const values = await me.post('/data/scope/variable', {
    choice: plain,
    variable: w.survey,
    values: [
      // the ids of the choices: the files show their labels
      { variable_type: 'radio', value: 'yes' },
      { variable_type: 'checkbox', value: 'a;c' },
      { variable_type: 'text', value: '=HYPERLINK("http://x.example")' },
      { variable_type: 'string', value: '@sum' },
      { variable_type: 'number', value: '42.5' },
      { variable_type: 'date', value: '2026-05-04' },
    ],
  });
  expect(values.status).toBe(201);
});
afterAll(async () => {
  await svc?.close();
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const base = () => `/export/project/${w.project}/output_format`;

/** The keys of the survey variable's columns: its mname and each kind's code, at most 10 characters. */
const SURVEY_KEYS = ['rad', 'chk', 'doc', 'dat', 'txt', 'str', 'pho', 'num', 'res', 'lib'].map(
  (c) => `survey_${c}`,
);

async function csv(who: SessionUser, suffix = '') {
  const res = await bytes(as(svc, who).get(`${base()}/csv${suffix}`));
  expect(res.status).toBe(200);
  const body = res.body as Buffer;
  const records = parse(body, { bom: true, relax_column_count: false }) as string[][];
  return { res, body, header: records[0]!, rows: records.slice(1) };
}

describe('CSV export', () => {
  it('writes UTF-8 with BOM, one row per answer, labels, pseudonyms, profile, weight, WKT and centroid', async () => {
    const { res, body, header, rows } = await csv(w.people.expert);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="answers-project-answers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header.slice(0, 6)).toEqual(['answer', 'respondent', 'topic', 'attribute', 'created', 'updated']);
    expect(header.slice(-5)).toEqual(['profile_1', 'weight', 'wkt', 'x', 'y']);
    // the ten kinds of the survey variable, in its order, between them: its mname and the kind's code
    expect(header.slice(6, 16)).toEqual(SURVEY_KEYS);
    expect(rows.map((r) => r[0])).toEqual([near, far, area, plain]);
    const byToken = new Map(rows.map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]!]))]));
    const p = byToken.get(plain)!;
    expect(p).toMatchObject({
      topic: 'Γνώμες',
      attribute: 'Σχόλια',
      survey_rad: 'Ναι',
      survey_chk: 'α;γ',
      // formulas are neutralised
      survey_txt: `'=HYPERLINK("http://x.example")`,
      survey_str: "'@sum",
      survey_num: '42.5',
      survey_dat: '2026-05-04',
      profile_1: '31-60',
      weight: '2.5',
      wkt: '',
      x: '',
    });
    // a respondent without a stored weight counts 1, without a profile answer has an empty cell
    expect(byToken.get(area)).toMatchObject({ weight: '1', profile_1: '', attribute: 'Περιοχές' });
    const n = byToken.get(near)!;
    expect(n.wkt).toBe('POINT(23.7 37.9)');
    expect([Number(n.x), Number(n.y)]).toEqual([23.7, 37.9]);
    expect(byToken.get(area)!.wkt).toMatch(/^POLYGON\(\(/);
    expect(Number(byToken.get(area)!.x)).toBeCloseTo(23.702, 6);
    // pseudonyms: the same for one respondent, different between respondents, not the user id or e-mail
    expect(n.respondent).toBe(p.respondent);
    expect(n.respondent).not.toBe(byToken.get(area)!.respondent);
    expect(n.respondent).toMatch(/^[0-9a-f]{64}$/);
    expect(body.toString('utf8')).not.toContain(owner.uuid);
    expect(body.toString('utf8')).not.toContain(owner.email);
    // stable: the same in a second export, whoever asks
    const again = await csv(w.people.admin);
    expect(again.rows.find((r) => r[0] === near)![1]).toBe(n.respondent);
  });

  it('writes coordinates in the asked CRS', async () => {
    const { header, rows } = await csv(w.people.admin, '/crs/2100');
    const n = rows.find((r) => r[0] === near)!;
    const x = Number(n[header.indexOf('x')]);
    const y = Number(n[header.indexOf('y')]);
    // GGRS87 / Greek Grid: Athens is near (476000, 4195000)
    expect(x).toBeGreaterThan(470_000);
    expect(x).toBeLessThan(485_000);
    expect(y).toBeGreaterThan(4_190_000);
    expect(y).toBeLessThan(4_200_000);
    expect(n[header.indexOf('wkt')]).toMatch(/^POINT\(4\d{5}\.\d+ 41\d{5}\.\d+\)$/);
    // 3 decimals in metres (1 mm), as PostGIS rounds the point
    const [exact] = await svc.db.query<{ x: string; y: string }>(
      `SELECT round(public.ST_X(g)::numeric, 3)::text AS x, round(public.ST_Y(g)::numeric, 3)::text AS y
       FROM (SELECT public.ST_Transform(geom, 2100) AS g FROM consultation.answer WHERE token = $1) t`,
      [near],
    );
    expect([x, y]).toEqual([Number(exact!.x), Number(exact!.y)]);
    expect(exact!.x).toMatch(/\.\d{3}$/);
  });

  it('keeps the answers in the drawn area only (answers without geometry are never inside)', async () => {
    const filter = formatAreaFilter([
      [
        [23.699, 37.899],
        [23.704, 37.899],
        [23.704, 37.904],
        [23.699, 37.904],
      ],
    ]);
    const { rows } = await csv(w.people.expert, `/within/${filter}`);
    expect(rows.map((r) => r[0])).toEqual([near, area]);
    const crs = await csv(w.people.expert, `/crs/3857/within/${filter}`);
    expect(crs.rows.map((r) => r[0])).toEqual([near, area]);
  });
});

describe('GeoJSON export', () => {
  it.each([
    [4326, ''],
    [2100, '/crs/2100'],
    [3857, '/crs/3857'],
  ])('opens in GDAL in EPSG:%d with every answer and the columns as fields', async (code, suffix) => {
    const res = await bytes(as(svc, w.people.expert).get(`${base()}/geojson${suffix}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    const file = path.join(dir, `answers-${code}.geojson`);
    await writeFile(file, res.body as Buffer);
    const parsed = JSON.parse((res.body as Buffer).toString('utf8')) as {
      type: string;
      features: Array<{ id: string; geometry: unknown; properties: Record<string, unknown> }>;
    };
    expect(parsed.type).toBe('FeatureCollection');
    expect(parsed.features.map((f) => f.id)).toEqual([near, far, area, plain]);
    const { stdout } = await run('ogrinfo', ['-ro', '-al', '-so', file]);
    expect(stdout).toMatch(/Feature Count: 4/);
    expect(stdout).toMatch(new RegExp(`ID\\["EPSG",${code}\\]\\]\\s*$`, 'm'));
    for (const field of [
      'answer',
      'respondent',
      'topic',
      'attribute',
      'created',
      'profile_1',
      'weight',
      'x',
      'y',
    ])
      expect(stdout).toMatch(new RegExp(`^${field}: `, 'm'));
    expect(stdout).not.toMatch(/^wkt: /m);
  });
});

/** ogrinfo's summary of a file: its fields and their GDAL types, e.g. `{ survey_num: 'Real' }`. */
async function fieldTypes(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('ogrinfo', ['-ro', '-al', '-so', file]);
  return Object.fromEntries([...stdout.matchAll(/^(\w+): (\w+) \(/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Writes a GeoPackage and, one per geometry type (a Shapefile holds one), Shapefiles from `file` with ogr2ogr. */
async function convert(file: string, name: string): Promise<{ gpkg: string; shapefiles: string[] }> {
  const gpkg = path.join(dir, `${name}.gpkg`);
  await run('ogr2ogr', ['-f', 'GPKG', gpkg, file]);
  const shapefiles: string[] = [];
  for (const type of ['POINT', 'POLYGON']) {
    const shp = path.join(dir, `${name}-${type.toLowerCase()}.shp`);
    const { stderr } = await run('ogr2ogr', [
      ...['-f', 'ESRI Shapefile', '-lco', 'ENCODING=UTF-8', '-where', `OGR_GEOMETRY='${type}'`],
      ...[shp, file],
    ]);
    // no field name is truncated, laundered or refused
    expect(stderr).not.toMatch(/truncat|launder|Failed to create field|ERROR/i);
    shapefiles.push(shp);
  }
  return { gpkg, shapefiles };
}

describe('typed values, short keys and the data dictionary', () => {
  const types = {
    answer: 'String',
    created: 'DateTime',
    survey_rad: 'String',
    survey_chk: 'String',
    survey_num: 'Real',
    survey_dat: 'Date',
    profile_1: 'String',
    weight: 'Real',
    x: 'Real',
    y: 'Real',
  };

  it('names every column by a short unique key, and the dictionary says what each holds', async () => {
    const { header } = await csv(w.people.expert);
    const res = await as(svc, w.people.expert).get(`/export/project/${w.project}/dictionary`);
    expect(res.status).toBe(200);
    const columns = res.body.columns as Array<{ key: string; type: string }>;
    expect(columns.map((c) => c.key)).toEqual(header);
    for (const key of header) expect(key).toMatch(/^[a-z][a-z0-9_]{0,9}$/);
    expect(new Set(header.map((k) => k.toLowerCase())).size).toBe(header.length);
    const byKey = new Map(columns.map((c) => [c.key, c]));
    expect(byKey.get('survey_num')).toEqual({
      key: 'survey_num',
      label: { el: 'Συμφωνείτε; (αριθμός)', en: 'Συμφωνείτε; (number)' },
      kind: 'number',
      type: 'Real',
      context: 'Σχόλια',
    });
    expect(byKey.get('survey_rad')).toMatchObject({
      kind: 'radio',
      type: 'String',
      options: [
        { id: 'yes', label: 'Ναι' },
        { id: 'no', label: 'Όχι' },
      ],
    });
    expect(byKey.get('survey_dat')).toMatchObject({ kind: 'date', type: 'Date' });
    expect(byKey.get('profile_1')).toEqual({
      key: 'profile_1',
      label: { el: 'Ηλικία', en: 'Ηλικία' },
      kind: 'profile',
      type: 'String',
      context: 'normal',
      options: [{ label: '18-30' }, { label: '31-60' }],
    });
    expect(byKey.get('respondent')).toMatchObject({
      label: { el: 'Ψευδώνυμο συμμετέχοντα', en: "Respondent's pseudonym" },
    });
    expect(byKey.get('wkt')).toMatchObject({ type: 'WKT', csv_only: true });
    // the CSV's formula guard is told, in both languages
    const notes = res.body.notes as Array<{ el: string; en: string }>;
    expect(notes.some((n) => n.en.includes("leading '") && n.el.includes("' μπροστά"))).toBe(true);
    // who may export may read it, nobody else
    expect((await as(svc, owner).get(`/export/project/${w.project}/dictionary`)).status).toBe(403);
    expect((await as(svc, owner).get(`/export/project/${w.project}/csvt`)).status).toBe(403);
    expect((await as(svc, null).get(`/export/project/${w.project}/dictionary`)).status).toBe(401);
  });

  it('writes numbers as numbers and keeps the GeoJSON values exact; GDAL reads Real, Date and DateTime', async () => {
    const res = await bytes(as(svc, w.people.expert).get(`${base()}/geojson`));
    const file = path.join(dir, 'typed.geojson');
    await writeFile(file, res.body as Buffer);
    const parsed = JSON.parse((res.body as Buffer).toString('utf8')) as {
      features: Array<{ id: string; properties: Record<string, unknown> }>;
    };
    const p = parsed.features.find((f) => f.id === plain)!.properties;
    expect(p).toMatchObject({
      survey_num: 42.5,
      survey_dat: '2026-05-04',
      weight: 2.5,
      // no formula guard in the GeoJSON: the values as given
      survey_txt: '=HYPERLINK("http://x.example")',
      survey_str: '@sum',
    });
    expect(await fieldTypes(file)).toMatchObject(types);
    const { gpkg, shapefiles } = await convert(file, 'from-geojson');
    expect(await fieldTypes(gpkg)).toMatchObject(types);
    expect(Object.keys(await fieldTypes(shapefiles[0]!))).toEqual(expect.arrayContaining(Object.keys(types)));
  });

  it('ships the CSV types as a .csvt sidecar that GDAL reads next to the CSV', async () => {
    const { body } = await csv(w.people.expert, '/crs/2100');
    const sidecar = await bytes(as(svc, w.people.expert).get(`/export/project/${w.project}/csvt/crs/2100`));
    expect(sidecar.status).toBe(200);
    expect(sidecar.headers['content-disposition']).toMatch(
      /^attachment; filename="answers-project-answers-\d{4}-\d{2}-\d{2}-epsg2100\.csvt"/,
    );
    const file = path.join(dir, 'typed.csv');
    await writeFile(file, body);
    // without its sidecar, GDAL reads every column as text
    expect(await fieldTypes(file)).toMatchObject({ survey_num: 'String', weight: 'String' });
    await writeFile(path.join(dir, 'typed.csvt'), sidecar.body as Buffer);
    expect(await fieldTypes(file)).toMatchObject(types);
    const { stdout } = await run('ogrinfo', ['-ro', '-al', '-so', file]);
    expect(stdout).toMatch(/^Geometry Column = geom_wkt$/m);
    const { gpkg, shapefiles } = await convert(file, 'from-csv');
    expect(await fieldTypes(gpkg)).toMatchObject(types);
    for (const shp of shapefiles)
      expect(await fieldTypes(shp)).toMatchObject({ survey_num: 'Real', x: 'Real' });
  });
});

describe('who may export', () => {
  const people = (): Array<[string, SessionUser | null, number]> => {
    const role = (r: SessionUser['role']) => ({ ...personOf('outsider', w.category), role: r });
    return [
      ['anonymous', null, 401],
      ['guest', role('guest'), 403],
      ['authorized, not enrolled', role('authorized'), 403],
      ['reviewer', role('reviewer'), 200],
      ['editor', role('editor'), 200],
      ['admin', role('admin'), 200],
      ['enrolled normal (an author)', owner, 403],
      ['enrolled expert', w.people.expert, 200],
    ];
  };

  it('lets enrolled experts and staff export, nobody else', async () => {
    for (const [who, user, status] of people()) {
      for (const format of ['csv', 'geojson']) {
        const res = await as(svc, user).get(`${base()}/${format}`);
        expect([who, format, res.status]).toEqual([who, format, status]);
      }
    }
  });

  it('finds the project by its mname too, and answers 404 for an unknown one', async () => {
    expect(
      (await as(svc, w.people.admin).get('/export/project/answers-project/output_format/csv')).status,
    ).toBe(200);
    const res = await as(svc, w.people.admin).get('/export/project/nothing-here/output_format/csv');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('CONSULTATION.PROJECT_NOT_FOUND');
  });
});

describe('malformed requests', () => {
  it.each([
    ['/xlsx', 'CONSULTATION.EXPORT_FORMAT'],
    ['/csv/crs/4327', 'CONSULTATION.EXPORT_CRS'],
    ['/geojson/crs/epsg', 'CONSULTATION.EXPORT_CRS'],
    ['/csv/crs/99999999999999999999', 'CONSULTATION.EXPORT_CRS'],
    ['/csv/within/1,2_3', 'CONSULTATION.FILTER_INVALID'],
    ['/csv/within/x', 'CONSULTATION.FILTER_INVALID'],
    // a self-intersecting ring (a bow tie)
    ['/csv/within/23.7,37.9_23.71,37.91_23.71,37.9_23.7,37.91', 'CONSULTATION.FILTER_INVALID'],
    ['/csv/crs/2100/within/1e5,2_3,4_5,6', 'CONSULTATION.FILTER_INVALID'],
  ])('%s → 400 %s', async (suffix, code) => {
    const res = await as(svc, w.people.admin).get(`${base()}${suffix}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });
});

describe('export jobs', () => {
  /** Asks for the job's state until it has finished (done or failed). */
  async function finished(who: SessionUser, job: string) {
    for (;;) {
      const res = await as(svc, who).get(`/export/job/${job}`);
      expect(res.status).toBe(200);
      if (res.body.state === 'done' || res.body.state === 'failed') return res.body;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('writes the file in the background, with its progress, for the user who asked only', async () => {
    const admin = w.people.admin;
    const res = await as(svc, admin).post(`/export/project/${w.project}/job`, {
      output_format: 'csv',
      crs: 2100,
    });
    expect(res.status).toBe(202);
    const job = res.body.job as string;
    const state = await finished(admin, job);
    expect(state).toEqual({
      state: 'done',
      rows: 4,
      total: 4,
      percent: 100,
      file_name: expect.stringMatching(/^answers-project-answers-\d{4}-\d{2}-\d{2}-epsg2100\.csv$/),
      code: null,
    });
    const file = await bytes(as(svc, admin).get(`/export/job/${job}/file`));
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(state.file_name);
    const direct = await csv(admin, '/crs/2100');
    expect((file.body as Buffer).equals(direct.body)).toBe(true);
    // the file is an object of the bucket's private area, which any other replica reads the same
    const elsewhere = new S3FileStorage({ ...s3, area: 'private' });
    const object = await elsewhere.get(`exports/${job}`);
    expect(object?.size).toBe((file.body as Buffer).length);
    object?.stream.destroy();
    // nobody else learns of it: not an expert, not another admin
    for (const other of [w.people.expert, personOf('admin', w.category)]) {
      const seen = await as(svc, other).get(`/export/job/${job}`);
      expect([seen.status, seen.body.code]).toEqual([404, 'CONSULTATION.EXPORT_NOT_FOUND']);
      expect((await as(svc, other).get(`/export/job/${job}/file`)).status).toBe(404);
    }
    expect((await as(svc, null).get(`/export/job/${job}`)).status).toBe(401);
  });

  it('keeps the drawn area of the job', async () => {
    const filter = formatAreaFilter([
      [
        [23.6995, 37.8995],
        [23.7005, 37.8995],
        [23.7005, 37.9005],
        [23.6995, 37.9005],
      ],
    ]);
    const res = await as(svc, w.people.expert).post(`/export/project/${w.project}/job`, {
      output_format: 'geojson',
      filter,
    });
    expect(res.status).toBe(202);
    expect(await finished(w.people.expert, res.body.job)).toMatchObject({ state: 'done', rows: 1, total: 1 });
    const file = await bytes(as(svc, w.people.expert).get(`/export/job/${res.body.job}/file`));
    expect(
      JSON.parse((file.body as Buffer).toString('utf8')).features.map((f: { id: string }) => f.id),
    ).toEqual([near]);
  });

  it.each([
    ['a normal participant', () => owner, { output_format: 'csv' }, 403],
    ['anonymous', () => null, { output_format: 'csv' }, 401],
    ['an unknown format', () => w.people.admin, { output_format: 'xlsx' }, 400],
    ['an unknown CRS', () => w.people.admin, { output_format: 'csv', crs: 4327 }, 400],
    ['a stray field', () => w.people.admin, { output_format: 'csv', sql: 'x' }, 400],
    ['a filter that does not parse', () => w.people.admin, { output_format: 'csv', filter: '1,2' }, 400],
  ])('refuses %s', async (_what, who, body, status) => {
    const res = await as(svc, who()).post(`/export/project/${w.project}/job`, body);
    expect(res.status).toBe(status);
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    const admin = as(svc, w.people.admin);
    expect((await admin.get('/export/job/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f')).status).toBe(404);
    expect((await admin.get('/export/job/../../etc/passwd/file')).status).toBe(404);
    expect((await admin.get('/export/job/not-a-job')).status).toBe(400);
  });
});

describe('coordinate precision', () => {
  it('writes 8 decimals in degrees and 3 in metres', async () => {
    const given = await as(svc, personOf('normal', w.category)).post('/data/scope/attribute', {
      attribute: w.points,
      geometry: point(23.701234567, 37.901234567),
    });
    expect(given.status).toBe(201);
    const token = given.body.token as string;
    const [stored] = await svc.db.query<{ x: number; y: number }>(
      `SELECT public.ST_X(geom) AS x, public.ST_Y(geom) AS y FROM consultation.answer WHERE token = $1`,
      [token],
    );
    const degrees = await csv(w.people.expert);
    const row = degrees.rows.find((r) => r[0] === token)!;
    const cell = (name: string) => row[degrees.header.indexOf(name)]!;
    expect(cell('x')).toBe(String(Number(stored!.x.toFixed(8))));
    expect(cell('x')).toMatch(/^23\.\d{8}$/);
    expect(cell('y')).toMatch(/^37\.\d{8}$/);
    expect(cell('wkt')).toBe(`POINT(${cell('x')} ${cell('y')})`);
    const geojson = await bytes(as(svc, w.people.expert).get(`${base()}/geojson`));
    const feature = (
      JSON.parse((geojson.body as Buffer).toString('utf8')) as {
        features: Array<{ id: string; geometry: { coordinates: number[] } }>;
      }
    ).features.find((f) => f.id === token)!;
    expect(feature.geometry.coordinates).toEqual([Number(cell('x')), Number(cell('y'))]);
    for (const crs of [2100, 3857]) {
      const metres = await csv(w.people.expert, `/crs/${crs}`);
      const r = metres.rows.find((x) => x[0] === token)!;
      const [exact] = await svc.db.query<{ x: string; y: string }>(
        `SELECT round(public.ST_X(g)::numeric, 3)::text AS x, round(public.ST_Y(g)::numeric, 3)::text AS y
         FROM (SELECT public.ST_Transform(geom, $2::int) AS g FROM consultation.answer WHERE token = $1) t`,
        [token, crs],
      );
      expect([Number(r[metres.header.indexOf('x')]), Number(r[metres.header.indexOf('y')])]).toEqual([
        Number(exact!.x),
        Number(exact!.y),
      ]);
    }
  });
});

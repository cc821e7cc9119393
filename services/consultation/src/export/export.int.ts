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
import {
  ALL_KINDS,
  as,
  buildWorld,
  personOf,
  point,
  polygon,
  type World,
} from '../../test/answer-test-helpers.js';

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
  const [question] = await svc.db.query<{ token: string }>(
    `INSERT INTO consultation.profile_question (category, role, question, weight)
     VALUES ($1, 'normal', 'Ηλικία', 1) RETURNING token`,
    [w.category],
  );
  const choices = await svc.db.query<{ id: number }>(
    `INSERT INTO consultation.profile_choice (question, content, icon, weight, sort_order)
     VALUES ($1, '18-30', 'i', 2, 0), ($1, '31-60', 'i', 1, 1) RETURNING id`,
    [question!.token],
  );
  await svc.db.query(
    `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
    [owner.uuid, question!.token, w.category, choices[1]!.id],
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
    expect(header.slice(-5)).toEqual(['Ηλικία', 'weight', 'wkt', 'x', 'y']);
    // the ten kinds of the survey variable, in its order, between them
    expect(header.slice(6, 16)).toEqual(ALL_KINDS.map(({ kind }) => `Συμφωνείτε; (${kind})`));
    expect(rows.map((r) => r[0])).toEqual([near, far, area, plain]);
    const byToken = new Map(rows.map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]!]))]));
    const p = byToken.get(plain)!;
    expect(p).toMatchObject({
      topic: 'Γνώμες',
      attribute: 'Σχόλια',
      'Συμφωνείτε; (radio)': 'Ναι',
      'Συμφωνείτε; (checkbox)': 'α;γ',
      // formulas are neutralised
      'Συμφωνείτε; (text)': `'=HYPERLINK("http://x.example")`,
      'Συμφωνείτε; (string)': "'@sum",
      'Συμφωνείτε; (number)': '42.5',
      Ηλικία: '31-60',
      weight: '2.5',
      wkt: '',
      x: '',
    });
    // a respondent without a stored weight counts 1, without a profile answer has an empty cell
    expect(byToken.get(area)).toMatchObject({ weight: '1', Ηλικία: '', attribute: 'Περιοχές' });
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
      'Ηλικία',
      'weight',
      'x',
      'y',
    ])
      expect(stdout).toMatch(new RegExp(`^${field}: `, 'm'));
    expect(stdout).not.toMatch(/^wkt: /m);
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

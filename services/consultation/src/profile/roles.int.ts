// The profile and thread endpoints × every kind of caller, with the expected status, asserted in one loop.
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { CALLERS, call } from '../http/test-callers.js';
import { createConsultationService } from '../index.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const PROJECT = '00000000-0000-4000-8000-0000000000a1';
const MISSING = '00000000-0000-4000-8000-0000000000ff';
const SHORT = { title: 'short', raw: 'short' };

interface Row {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: object;
  /** Expected status for anonymous, participant, expert (an authorized user enrolled as expert), admin. */
  expect: [number, number, number, number];
}

const ADMIN_ONLY = (adminStatus: number): Row['expect'] => [401, 403, 403, adminStatus];
const LOGGED_IN = (status: number): Row['expect'] => [401, status, status, status];

let svc: TestService;
let thread: number;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  await svc.db.query(`
    INSERT INTO consultation.category (token, mname, title) VALUES ('${CATEGORY}', 'c', 'Κ');
    INSERT INTO consultation.project (token, mname, title, start_date, end_date, category)
      VALUES ('${PROJECT}', 'p', 'Π', '2026-11-01', '2026-12-01', '${CATEGORY}');
    INSERT INTO consultation.thread (scope, item, title, created_by)
      VALUES ('project', '${PROJECT}', 'Συζήτηση για το έργο', '${MISSING}');`);
  [{ id: thread }] = await svc.db.query<{ id: number }>('SELECT id FROM consultation.thread');
});
afterAll(() => svc?.close());

const TABLE = (): Row[] => [
  { method: 'get', path: `/consultationProfile/category/${CATEGORY}/role/normal`, expect: LOGGED_IN(200) },
  { method: 'post', path: '/ConsultationProfile', body: {}, expect: ADMIN_ONLY(400) },
  { method: 'put', path: `/consultationProfile/token/${MISSING}`, body: {}, expect: ADMIN_ONLY(400) },
  { method: 'put', path: '/consultationProfile/sortOrder/', body: [MISSING], expect: ADMIN_ONLY(404) },
  { method: 'delete', path: `/consultationProfile/token/${MISSING}`, expect: ADMIN_ONLY(404) },
  { method: 'post', path: '/consultationWeight', body: {}, expect: ADMIN_ONLY(400) },
  { method: 'put', path: '/consultationWeight/id/999999', body: { weight: 1 }, expect: ADMIN_ONLY(404) },
  { method: 'put', path: '/consultationWeight/sortOrder/', body: [999999], expect: ADMIN_ONLY(404) },
  { method: 'delete', path: '/consultationWeight/id/999999', expect: ADMIN_ONLY(404) },
  ...(['project', 'node', 'attribute', 'variable'] as const).map((scope): Row => ({
    method: 'post',
    path: `/${scope}/createThread/${MISSING}`,
    body: SHORT,
    expect: ADMIN_ONLY(400),
  })),
  { method: 'get', path: `/forumPosts/topicID/${thread}`, expect: LOGGED_IN(200) },
  { method: 'post', path: `/forumPosts/topicID/${thread}`, body: { raw: 'short' }, expect: LOGGED_IN(400) },
];

it('answers every profile and thread endpoint with the expected status for every caller', async () => {
  const actual: string[] = [];
  const expected: string[] = [];
  for (const row of TABLE()) {
    const got: number[] = [];
    for (const caller of CALLERS) got.push((await call(svc, caller, row.method, row.path, row.body)).status);
    actual.push(`${row.method.toUpperCase()} ${row.path}: ${got.join(',')}`);
    expected.push(`${row.method.toUpperCase()} ${row.path}: ${row.expect.join(',')}`);
  }
  expect(actual).toEqual(expected);
  // nothing was written by any of them
  expect(
    await svc.db.query(`SELECT (SELECT count(*) FROM consultation.profile_question)::int AS q,
                               (SELECT count(*) FROM consultation.thread_post)::int AS p`),
  ).toEqual([{ q: 0, p: 0 }]);
});

it('the table covers every profile and thread route of the OpenAPI document', async () => {
  const doc = await request(svc.app.getHttpServer()).get('/openapi.json');
  const documented = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
    .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`))
    .filter((r) => /consultationProfile|consultationWeight|createThread|forumPosts/.test(r));
  const covered = TABLE().map((r) => `${r.method} ${r.path}`);
  const missing = documented.filter((route) => !covered.some((c) => matches(c, route)));
  expect(missing).toEqual([]);
  expect(documented.length).toBeGreaterThanOrEqual(12);
  const paths = doc.body.paths as Record<string, Record<string, { requestBody?: unknown }>>;
  const writesWithoutBody = documented
    .filter((r) => /^(post|put) /.test(r))
    .filter((r) => {
      const [method, p] = r.split(' ') as [string, string];
      return !paths[p]?.[method]?.requestBody;
    });
  expect(writesWithoutBody).toEqual([]);
});

function matches(concrete: string, template: string): boolean {
  const re = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`,
    'i',
  );
  return re.test(concrete);
}

// The profile and thread endpoints × every kind of caller, with the expected status, asserted in one loop.
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { CALLERS, call, callerUser, callWith } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const PROJECT = '00000000-0000-4000-8000-0000000000a1';
/** a project whose thread exists from the start */
const DISCUSSED = '00000000-0000-4000-8000-0000000000a2';
const MISSING = '00000000-0000-4000-8000-0000000000ff';
const SHORT = { title: 'short', raw: 'short' };
const THREAD = { title: 'Συζήτηση για τη διαδρομή', raw: 'Γράψτε εδώ τις απόψεις σας για τη διαδρομή.' };
const MARKER = '/api/library/files/markers/star.svg';
/** Items that get a thread from the administrator's rows. */
const ITEMS = {
  project: PROJECT,
  node: '00000000-0000-4000-8000-0000000000b1',
  attribute: '00000000-0000-4000-8000-0000000000b2',
  variable: '00000000-0000-4000-8000-0000000000b3',
} as const;

interface Row {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: object;
  /**
   * Expected status for anonymous, participant (enrolled nowhere), expert (an authorized user enrolled as expert
   * in the category), admin.
   */
  expect: [number, number, number, number];
}

const ADMIN_ONLY = (adminStatus: number): Row['expect'] => [401, 403, 403, adminStatus];
const LOGGED_IN = (status: number): Row['expect'] => [401, status, status, status];
const ENROLLED = (status: number): Row['expect'] => [401, 403, status, status];

let svc: TestService;
let thread: number;
/** a question and a choice the administrator changes and orders, another of each deleted */
const q = { kept: '', doomed: '', choice: 0, doomedChoice: 0 };

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  await svc.db.query(`
    INSERT INTO consultation.category (token, mname, title) VALUES ('${CATEGORY}', 'c', 'Κ');
    INSERT INTO consultation.project (token, mname, title, start_date, end_date, category)
      VALUES ('${PROJECT}', 'p', 'Π', '2026-11-01', '2026-12-01', '${CATEGORY}'),
             ('${DISCUSSED}', 'd', 'Δ', '2026-11-01', '2026-12-01', '${CATEGORY}');
    INSERT INTO consultation.node (token, project, title, mname) VALUES ('${ITEMS.node}', '${PROJECT}', 'Θέμα', 'topic');
    INSERT INTO consultation.attribute (token, node, name, mname)
      VALUES ('${ITEMS.attribute}', '${ITEMS.node}', 'Ιδιότητα', 'attr');
    INSERT INTO consultation.variable (token, attribute, mname) VALUES ('${ITEMS.variable}', '${ITEMS.attribute}', 'var');
    INSERT INTO consultation.thread (scope, item, title, created_by)
      VALUES ('project', '${DISCUSSED}', 'Συζήτηση για το έργο', '${MISSING}');`);
  [{ id: thread }] = await svc.db.query<{ id: number }>('SELECT id FROM consultation.thread');
  const admin = (path: string, body: object) => call(svc, 'admin', 'post', path, body);
  const question = async (text: string) =>
    (
      await admin('/consultationProfile', {
        question: text,
        category: CATEGORY,
        role: 'normal',
        weight: 1,
        choices: [
          { content: 'Ναι', icon: MARKER, weight: 1 },
          { content: 'Όχι', icon: MARKER, weight: 2 },
        ],
      })
    ).body as { token: string; choices: Array<{ id: number }> };
  const kept = await question('Ποδηλατείτε;');
  const doomed = await question('Προς διαγραφή');
  Object.assign(q, {
    kept: kept.token,
    doomed: doomed.token,
    choice: kept.choices[0]!.id,
    doomedChoice: kept.choices[1]!.id,
  });
});
afterAll(() => svc?.close());

const TABLE = (): Row[] => [
  { method: 'get', path: `/consultationProfile/category/${CATEGORY}/role/normal`, expect: ENROLLED(200) },
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
  { method: 'get', path: `/forumPosts/topicID/${thread}`, expect: ENROLLED(200) },
  { method: 'post', path: `/forumPosts/topicID/${thread}`, body: { raw: 'short' }, expect: LOGGED_IN(400) },
  // the administrator's writes that succeed (each lands once: the other callers are refused first)
  {
    method: 'post',
    path: '/consultationProfile',
    body: { question: 'Πόσο συχνά;', category: CATEGORY, role: 'expert', weight: 2, choices: [] },
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'put',
    path: `/consultationProfile/token/${q.kept}`,
    body: { weight: 5 },
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'put',
    path: '/consultationProfile/sortOrder/',
    body: [q.doomed, q.kept],
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'post',
    path: '/consultationWeight',
    body: { question: q.kept, content: 'Μερικές φορές', icon: MARKER, weight: 3 },
    expect: ADMIN_ONLY(200),
  },
  { method: 'put', path: `/consultationWeight/id/${q.choice}`, body: { weight: 4 }, expect: ADMIN_ONLY(200) },
  {
    method: 'put',
    path: '/consultationWeight/sortOrder/',
    body: [q.doomedChoice, q.choice],
    expect: ADMIN_ONLY(200),
  },
  { method: 'delete', path: `/consultationWeight/id/${q.doomedChoice}`, expect: ADMIN_ONLY(200) },
  { method: 'delete', path: `/consultationProfile/token/${q.doomed}`, expect: ADMIN_ONLY(200) },
  ...Object.entries(ITEMS).map(([scope, token]): Row => ({
    method: 'post',
    path: `/${scope}/createThread/${token}`,
    body: THREAD,
    expect: ADMIN_ONLY(200),
  })),
  {
    method: 'post',
    path: `/forumPosts/topicID/${thread}`,
    body: { raw: 'Συμφωνώ με την πρόταση για τη διαδρομή.' },
    expect: ENROLLED(200),
  },
];

it('answers every profile and thread endpoint with the expected status for every caller', async () => {
  const actual: string[] = [];
  const expected: string[] = [];
  for (const row of TABLE()) {
    const got: number[] = [];
    for (const caller of CALLERS)
      got.push((await callWith(svc, callerUser(caller, CATEGORY), row.method, row.path, row.body)).status);
    actual.push(`${row.method.toUpperCase()} ${row.path}: ${got.join(',')}`);
    expected.push(`${row.method.toUpperCase()} ${row.path}: ${row.expect.join(',')}`);
  }
  expect(actual).toEqual(expected);
  // only the administrator's valid writes landed, and the replies of the enrolled expert and the administrator
  const questions = await svc.db.query<{ question: string; weight: number; choices: string[] }>(
    `SELECT q.question, q.weight, array_agg(c.content ORDER BY c.sort_order) FILTER (WHERE c.id IS NOT NULL) AS choices
     FROM consultation.profile_question q LEFT JOIN consultation.profile_choice c ON c.question = q.token
     GROUP BY q.token ORDER BY q.question`,
  );
  expect(questions).toEqual([
    { question: 'Ποδηλατείτε;', weight: 5, choices: ['Ναι', 'Μερικές φορές'] },
    { question: 'Πόσο συχνά;', weight: 2, choices: null },
  ]);
  expect(
    await svc.db.query(
      `SELECT (SELECT count(*) FROM consultation.thread)::int AS t,
                               (SELECT count(*) FROM consultation.thread_post WHERE thread = $1)::int AS p`,
      [thread],
    ),
  ).toEqual([{ t: 5, p: 2 }]);
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

// Every topic, attribute and variable endpoint × every caller kind, with the expected status, asserted in one loop.
// Participants and experts have the site role 'authorized' (their enrolment role does not open the structure
// endpoints: docs/decisions/0011-structure-access-and-geometry.md).
import { bootTestService, type TestService } from '@agora/common/testing';
import { createConsultationService } from '../index.js';
import { documentedRoutes, matchesRoute } from '../../test/test-callers.js';
import { client, seedProject, type Caller } from '../../test/tree-test-helpers.js';

const CALLERS: readonly Caller[] = ['anonymous', 'participant', 'expert', 'admin'];
const MISSING = '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f';

interface Row {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: object;
  /** Expected status for anonymous, participant, expert, admin. */
  expect: [number, number, number, number];
}

let svc: TestService;
const t = {} as Record<
  'project' | 'node' | 'attribute' | 'variable' | 'doomedNode' | 'doomedAttribute' | 'doomedVariable',
  string
>;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  t.project = await seedProject(svc.db, 'roles');
  const admin = client(svc, 'admin');
  const node = async (mname: string) =>
    (await admin.post('/node', { project: t.project, title: 'T', mname })).body.token;
  const attribute = async (mname: string) =>
    (await admin.post('/attribute', { node: t.node, name: 'A', mname })).body.token;
  const variable = async (mname: string) =>
    (await admin.post('/variable', { attribute: t.attribute, mname, variable_type: [{ kind: 'string' }] }))
      .body.token;
  t.node = await node('topic');
  t.doomedNode = await node('doomed');
  t.attribute = await attribute('attr');
  t.doomedAttribute = await attribute('doomed');
  t.variable = await variable('var');
  t.doomedVariable = await variable('doomed');
});
afterAll(() => svc?.close());

const ADMIN_ONLY_READ: Row['expect'] = [401, 403, 403, 200];
const TABLE = (): Row[] => [
  { method: 'get', path: '/node/project/roles', expect: ADMIN_ONLY_READ },
  { method: 'get', path: `/node/project/roles/token/${t.node}`, expect: ADMIN_ONLY_READ },
  { method: 'get', path: `/node/project/roles/token/${MISSING}`, expect: [401, 403, 403, 404] },
  {
    method: 'post',
    path: '/node',
    body: { project: t.project, title: 'N', mname: 'new' },
    expect: [401, 403, 403, 200],
  },
  { method: 'post', path: '/node', body: { project: t.project }, expect: [401, 403, 403, 400] },
  { method: 'put', path: `/node/token/${t.node}`, body: { title: 'Νέο' }, expect: [401, 403, 403, 200] },
  {
    method: 'put',
    path: `/node/project/${t.project}/token/${t.node}/sortOrder/`,
    body: { sort_order: 2 },
    expect: [401, 403, 403, 200],
  },
  { method: 'get', path: '/attribute/project/roles', expect: ADMIN_ONLY_READ },
  { method: 'get', path: `/attribute/node/${t.node}/token/${t.attribute}`, expect: ADMIN_ONLY_READ },
  {
    method: 'post',
    path: '/attribute',
    body: { node: t.node, name: 'N', mname: 'new' },
    expect: [401, 403, 403, 200],
  },
  {
    method: 'put',
    path: `/attribute/token/${t.attribute}`,
    body: { is_visible: false },
    expect: [401, 403, 403, 200],
  },
  {
    method: 'put',
    path: `/attribute/project/${t.project}/token/${t.attribute}/sortOrder/`,
    body: { sort_order: 1, node: t.node },
    expect: [401, 403, 403, 200],
  },
  { method: 'get', path: '/variable/project/roles', expect: ADMIN_ONLY_READ },
  { method: 'get', path: `/variable/attribute/${t.attribute}`, expect: ADMIN_ONLY_READ },
  { method: 'get', path: `/variable/node/${t.node}/token/${t.variable}`, expect: ADMIN_ONLY_READ },
  // the answer form's variables: staff, and participants enrolled in the project's category (none here)
  { method: 'get', path: `/variable/attribute/${t.attribute}/case/map`, expect: ADMIN_ONLY_READ },
  {
    method: 'post',
    path: '/variable',
    body: { attribute: t.attribute, mname: 'new', variable_type: [{ kind: 'date' }] },
    expect: [401, 403, 403, 200],
  },
  {
    method: 'put',
    path: `/variable/token/${t.variable}`,
    body: { is_visible: false },
    expect: [401, 403, 403, 200],
  },
  {
    method: 'put',
    path: `/variable/project/${t.project}/token/${t.variable}/sortOrder/`,
    body: { sort_order: 2, attribute: t.attribute },
    expect: [401, 403, 403, 200],
  },
  { method: 'delete', path: `/variable/token/${t.doomedVariable}`, expect: [401, 403, 403, 200] },
  { method: 'delete', path: `/attribute/token/${t.doomedAttribute}`, expect: [401, 403, 403, 200] },
  { method: 'delete', path: `/node/token/${t.doomedNode}`, expect: [401, 403, 403, 200] },
  { method: 'delete', path: `/node/token/${MISSING}`, expect: [401, 403, 403, 404] },
];

it('answers every structure endpoint with the expected status for every caller', async () => {
  const actual: string[] = [];
  const expected: string[] = [];
  for (const row of TABLE()) {
    const got: number[] = [];
    for (const caller of CALLERS) {
      const c = client(svc, caller);
      const res = await (row.method === 'get' || row.method === 'delete'
        ? c[row.method](row.path)
        : c[row.method](row.path, row.body ?? {}));
      got.push(res.status);
    }
    actual.push(`${row.method.toUpperCase()} ${row.path} ${got.join(' ')}`);
    expected.push(`${row.method.toUpperCase()} ${row.path} ${row.expect.join(' ')}`);
  }
  expect(actual).toEqual(expected);
});

it('writes nothing for the callers it refuses', async () => {
  const rows = await svc.db.query<{ mname: string }>(
    `SELECT mname FROM consultation.node UNION ALL SELECT mname FROM consultation.attribute
     UNION ALL SELECT mname FROM consultation.variable ORDER BY 1`,
  );
  expect(rows.map((r) => r.mname)).toEqual(['attr', 'new', 'new', 'new', 'topic', 'var']);
});

it('the table covers every topic, attribute and variable route of the OpenAPI document', async () => {
  const documented = (await documentedRoutes(svc, /^\/(node|attribute|variable)(\/|$)/)).filter(
    (r) => !r.includes('/createThread/'),
  );
  const covered = TABLE().map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`);
  const missing = documented.filter((route) => !covered.some((c) => matchesRoute(c, route)));
  expect(missing).toEqual([]);
  // and no row stands for a route the document does not have
  const unknown = covered.filter((c) => !documented.some((route) => matchesRoute(c, route)));
  expect(unknown).toEqual([]);
  expect(documented.length).toBeGreaterThanOrEqual(18);
});

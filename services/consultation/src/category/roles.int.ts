// Every category and project endpoint × every caller kind, with the expected status, asserted in one loop
// (docs/decisions/0013-categories-and-projects.md).
import { bootTestService, type TestService } from '@agora/common/testing';
import {
  CALLERS,
  callerUser,
  callWith,
  documentedRoutes,
  matchesRoute,
  type Caller,
} from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const CATEGORY_DOOMED = '00000000-0000-4000-8000-0000000000c2';
const PROJECT = '00000000-0000-4000-8000-0000000000a1';
const PROJECT_DOOMED = '00000000-0000-4000-8000-0000000000a2';

interface Row {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: (caller: Caller) => object;
  /**
   * Expected status for anonymous, participant (enrolled nowhere), expert (enrolled in the category), admin.
   */
  expect: [number, number, number, number];
}

const ADMIN_ONLY: Row['expect'] = [401, 403, 403, 200];
const LOGGED_IN: Row['expect'] = [401, 200, 200, 200];
const EVERYONE: Row['expect'] = [200, 200, 200, 200];
const ENROLLED: Row['expect'] = [401, 403, 200, 200];

const TABLE: Row[] = [
  { method: 'get', path: '/category', expect: LOGGED_IN },
  { method: 'get', path: '/category/scope/enroll', expect: LOGGED_IN },
  { method: 'get', path: `/category/token/${CATEGORY}`, expect: ADMIN_ONLY },
  { method: 'get', path: '/category/mname/mobility', expect: EVERYONE },
  { method: 'get', path: `/category/token/${CATEGORY}/fields/mname`, expect: EVERYONE },
  { method: 'get', path: `/category/uuid/${CATEGORY}/fields/mname`, expect: EVERYONE },
  {
    method: 'post',
    path: '/category',
    body: (c) => ({ title: 'Νέα', mname: `new-${c}` }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'put',
    path: `/category/token/${CATEGORY}`,
    body: (c) => ({ summary: `by ${c}`, active: true }),
    expect: ADMIN_ONLY,
  },
  { method: 'put', path: '/category/sortOrder/', body: () => ({ [CATEGORY]: 1 }), expect: ADMIN_ONLY },
  { method: 'delete', path: `/category/token/${CATEGORY_DOOMED}`, expect: ADMIN_ONLY },
  { method: 'get', path: '/project', expect: ADMIN_ONLY },
  { method: 'get', path: '/project/page/1', expect: ADMIN_ONLY },
  { method: 'get', path: `/project/category/${CATEGORY}`, expect: ADMIN_ONLY },
  { method: 'get', path: '/project/limits', expect: EVERYONE },
  { method: 'get', path: '/project/retention', expect: EVERYONE },
  { method: 'get', path: `/project/token/${PROJECT}`, expect: ADMIN_ONLY },
  { method: 'get', path: '/project/mname/seafront', expect: ENROLLED },
  {
    method: 'post',
    path: '/project',
    body: (c) => ({ title: 'Νέο', mname: `new-${c}`, category: CATEGORY }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'put',
    path: `/project/token/${PROJECT}`,
    body: (c) => ({ summary: `by ${c}`, center: { lat: 40.6, lng: 22.9 } }),
    expect: ADMIN_ONLY,
  },
  { method: 'put', path: '/project/sortOrder/', body: () => ({ [PROJECT]: 1 }), expect: ADMIN_ONLY },
  { method: 'delete', path: `/project/token/${PROJECT_DOOMED}`, expect: ADMIN_ONLY },
];

let svc: TestService;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  await svc.db.query(`
      INSERT INTO consultation.category (token, mname, title, sort_order)
      VALUES ('${CATEGORY}', 'mobility', 'Κινητικότητα', 1), ('${CATEGORY_DOOMED}', 'doomed', 'Προς διαγραφή', 2)`);
  await svc.db.query(`
      INSERT INTO consultation.project (token, mname, title, start_date, end_date, sort_order, category, active)
      VALUES ('${PROJECT}', 'seafront', 'Παραλία', '2026-11-01', '2026-12-01', 1, '${CATEGORY}', true),
             ('${PROJECT_DOOMED}', 'doomed-project', 'Προς διαγραφή', '2026-11-01', '2026-12-01', 2, '${CATEGORY}', false)`);
});
afterAll(() => svc?.close());

it('answers every category and project endpoint with the expected status for every caller', async () => {
  const actual: string[] = [];
  const expected: string[] = [];
  for (const row of TABLE) {
    const got: number[] = [];
    for (const caller of CALLERS)
      got.push(
        (await callWith(svc, callerUser(caller, CATEGORY), row.method, row.path, row.body?.(caller))).status,
      );
    actual.push(`${row.method.toUpperCase()} ${row.path}: ${got.join(',')}`);
    expected.push(`${row.method.toUpperCase()} ${row.path}: ${row.expect.join(',')}`);
  }
  expect(actual).toEqual(expected);
  // Only the administrator's writes landed.
  const names = await svc.db.query<{ mname: string }>(
    `SELECT mname FROM consultation.category UNION ALL SELECT mname FROM consultation.project ORDER BY 1`,
  );
  expect(names.map((r) => r.mname)).toEqual(['mobility', 'new-admin', 'new-admin', 'seafront']);
});

it('the table covers every category and project route', async () => {
  const documented = (await documentedRoutes(svc, /^\/(category|project)(\/|$)/)).filter(
    (r) => !r.includes('/createThread/'),
  );
  const covered = TABLE.map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`);
  const missing = documented.filter((route) => !covered.some((c) => matchesRoute(c, route)));
  expect(missing).toEqual([]);
  expect(documented.length).toBe(TABLE.length);
});

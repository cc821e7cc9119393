// Every accounts endpoint × every caller kind, with the expected status, asserted in one loop.
import type { Role, SessionUser } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService } from './index.js';

type Caller = 'anonymous' | Role;
const CALLERS: readonly Caller[] = ['anonymous', 'guest', 'authorized', 'reviewer', 'editor', 'admin'];
const MISSING = '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f';

interface Row {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: (caller: Caller) => object;
  /** Expected status for anonymous, guest, authorized, reviewer, editor, admin. */
  expect: [number, number, number, number, number, number];
}

let svc: TestService;
const users = {} as Record<Role, SessionUser>;
let target: SessionUser;

beforeAll(async () => {
  // Facebook login enabled (its start needs no network), the OpenID Connect and Google logins not.
  svc = await bootTestService(
    accountsService({
      AGORA_ADMIN_PASSWORD: 'first-admin-password',
      FACEBOOK_CLIENT_ID: 'roles-app',
      FACEBOOK_CLIENT_SECRET: 'roles-secret',
    }),
  );
  for (const role of [...CALLERS.filter((c): c is Role => c !== 'anonymous'), 'target'] as const) {
    const [u] = await svc.db.query<SessionUser>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ($1, 'F', 'L', $1 || '@example.org', $2, 'x')
       RETURNING uuid, username, firstname, lastname, email, role`,
      [`${role}_user`, role === 'target' ? 'authorized' : role],
    );
    if (role === 'target') target = u!;
    else users[role] = u!;
  }
});

afterAll(async () => {
  await svc?.close();
});

const TABLE = (): Row[] => [
  {
    method: 'post',
    path: '/login',
    body: () => ({ username: 'x', password: 'y' }),
    expect: [401, 401, 401, 401, 401, 401],
  },
  { method: 'delete', path: '/login', expect: [200, 200, 200, 200, 200, 200] },
  { method: 'get', path: '/profile', expect: [401, 200, 200, 200, 200, 200] },
  { method: 'put', path: '/profile', body: () => ({}), expect: [401, 200, 200, 200, 200, 200] },
  { method: 'get', path: '/profile/data', expect: [401, 200, 200, 200, 200, 200] },
  { method: 'get', path: `/profile/data/${MISSING}`, expect: [401, 404, 404, 404, 404, 404] },
  { method: 'get', path: `/profile/data/${MISSING}/file`, expect: [401, 404, 404, 404, 404, 404] },
  { method: 'post', path: '/profile/data', expect: [401, 202, 202, 202, 202, 202] },
  // consultation does not run here: past the identity checks, the preview answers 503
  { method: 'get', path: '/profile/deletion', expect: [401, 503, 503, 503, 503, 503] },
  {
    method: 'delete',
    path: '/profile',
    body: () => ({ password: 'not the password' }),
    expect: [401, 400, 400, 400, 400, 400],
  },
  { method: 'post', path: '/registration', body: () => ({}), expect: [400, 400, 400, 400, 400, 400] },
  { method: 'post', path: '/users', body: () => ({}), expect: [401, 403, 403, 403, 403, 400] },
  {
    method: 'post',
    path: '/recovery',
    body: (c) => ({ username: `nobody-${c}` }),
    expect: [404, 404, 404, 404, 404, 404],
  },
  {
    method: 'post',
    path: '/recovery/reset',
    body: () => ({ token: 'x', password: 'y' }),
    expect: [404, 404, 404, 404, 404, 404],
  },
  { method: 'get', path: '/settings', expect: [200, 200, 200, 200, 200, 200] },
  {
    method: 'post',
    path: '/settings/scope/general',
    body: () => ({}),
    expect: [401, 403, 403, 403, 403, 400],
  },
  { method: 'get', path: '/settings/scope/frontpage', expect: [200, 200, 200, 200, 200, 200] },
  { method: 'get', path: '/settings/scope/policy', expect: [200, 200, 200, 200, 200, 200] },
  {
    method: 'post',
    path: '/settings/scope/frontpage',
    body: () => ({ el: { title: 't', body: '<p>b</p>' }, en: { title: 't', body: '<p>b</p>' } }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    method: 'post',
    path: '/settings/scope/policy',
    body: () => ({ el: { title: 't', body: '<p>b</p>' }, en: { title: 't', body: '<p>b</p>' } }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  { method: 'get', path: '/validation/scope/users', expect: [200, 200, 200, 200, 200, 200] },
  {
    method: 'get',
    path: '/validation/scope/users/fields/username;email',
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    method: 'get',
    path: '/checkIfExists/scope/users/field/username/value/admin',
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    method: 'get',
    path: '/users/page/1/sort/username/sort_method/asc',
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    method: 'get',
    path: '/users/page/1/sort/username/sort_method/asc/limit/10000',
    expect: [401, 403, 403, 403, 403, 200],
  },
  { method: 'get', path: '/users/admin/stats', expect: [401, 403, 403, 403, 403, 200] },
  { method: 'get', path: '/users/data-requests', expect: [401, 403, 403, 403, 403, 200] },
  // the dashboard's numbers: consultation, which gives its counts, does not run here (stats.int.ts of consultation)
  { method: 'get', path: '/stats', expect: [401, 403, 403, 403, 403, 503] },
  { method: 'get', path: `/users/uuid/${MISSING}`, expect: [401, 403, 403, 403, 403, 404] },
  { method: 'get', path: '/users/uuid/:target', expect: [401, 403, 403, 403, 403, 200] },
  {
    method: 'put',
    path: '/users/uuid/:target',
    body: () => ({ lastname: 'T' }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  { method: 'delete', path: `/users/uuid/${MISSING}`, expect: [401, 403, 403, 403, 403, 404] },
  // external login: public browser navigations; an enabled provider redirects (to itself, or a callback
  // without a valid state back to /login?error=oauth), one that is not enabled answers 404
  { method: 'get', path: '/fblogin', expect: [302, 302, 302, 302, 302, 302] },
  { method: 'get', path: '/fblogin/callback', expect: [302, 302, 302, 302, 302, 302] },
  { method: 'get', path: '/oauth', expect: [404, 404, 404, 404, 404, 404] },
  { method: 'get', path: '/oauth/callback', expect: [404, 404, 404, 404, 404, 404] },
  { method: 'get', path: '/goauth', expect: [404, 404, 404, 404, 404, 404] },
  { method: 'get', path: '/goauth/callback', expect: [404, 404, 404, 404, 404, 404] },
  // the end of an invitation's external login (mailing's signed ticket, decision 0054), a browser navigation:
  // without a valid ticket it redirects (to /login?error=oauth), never an error page
  { method: 'get', path: '/oauth/invitation/complete', expect: [302, 302, 302, 302, 302, 302] },
  // logged in: the body is checked before consultation is asked (it does not run here)
  { method: 'post', path: '/enrolment', body: () => ({}), expect: [401, 400, 400, 400, 400, 400] },
  // the administrators' enrolment routes; consultation does not run here, so the lists answer without weights
  // and the bulk enrolment, which needs the category confirmed, answers 503
  {
    method: 'post',
    path: '/enrolment',
    body: () => ({ category: MISSING, uuids: [MISSING], role: 'normal' }),
    expect: [401, 403, 403, 403, 403, 503],
  },
  {
    method: 'get',
    path: `/enrolment/category/${MISSING}/enrolled/true/page/1/sort/lastname/sort_method/asc`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    method: 'get',
    path: `/enrolment/category/${MISSING}/page/1/sort/lastname/sort_method/asc`,
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    method: 'put',
    path: `/enrolment/category/${MISSING}/userid/:target`,
    body: () => ({ role: 'expert' }),
    expect: [401, 403, 403, 403, 403, 404],
  },
  {
    method: 'delete',
    path: `/enrolment/category/${MISSING}/userid/:target`,
    expect: [401, 403, 403, 403, 403, 404],
  },
  {
    method: 'post',
    path: '/internal/sessions/resolve',
    body: () => ({ sid: 'x'.repeat(43) }),
    expect: [403, 403, 403, 403, 403, 403],
  },
  // the invitations' routes: the mailing service's identity only (services/mailing/src/invitations)
  {
    method: 'post',
    path: '/internal/users/by-email',
    body: () => ({ emails: [] }),
    expect: [403, 403, 403, 403, 403, 403],
  },
  {
    method: 'post',
    path: '/internal/enrolments',
    body: () => ({ users: [] }),
    expect: [403, 403, 403, 403, 403, 403],
  },
  {
    method: 'post',
    path: '/internal/invitations/accept',
    body: () => ({}),
    expect: [403, 403, 403, 403, 403, 403],
  },
  { method: 'get', path: '/internal/invitations/providers', expect: [403, 403, 403, 403, 403, 403] },
  // the audit log: the gateway's identity only
  { method: 'get', path: '/internal/accounts/audit', expect: [403, 403, 403, 403, 403, 403] },
];

it('answers every endpoint with the expected status for every role', async () => {
  const server = svc.app.getHttpServer();
  const actual: string[] = [];
  const expected: string[] = [];
  for (const row of TABLE()) {
    const path = row.path.replace(':target', target.uuid);
    const got: number[] = [];
    for (const caller of CALLERS) {
      const identity = svc.identity(caller === 'anonymous' ? null : users[caller]);
      let req = request(server)[row.method](path).set('x-agora-identity', identity);
      if (row.body) req = req.send(row.body(caller));
      got.push((await req).status);
    }
    actual.push(`${row.method.toUpperCase()} ${row.path}: ${got.join(',')}`);
    expected.push(`${row.method.toUpperCase()} ${row.path}: ${row.expect.join(',')}`);
  }
  expect(actual).toEqual(expected);
});

it('the table covers every accounts route, the external logins included', async () => {
  const doc = await request(svc.app.getHttpServer()).get('/openapi.json');
  const documented = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
    ([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`),
  );
  expect(documented).toEqual(expect.arrayContaining(['get /fblogin/callback', 'get /goauth', 'get /oauth']));
  const covered = new Set(
    TABLE().map((r) => `${r.method} ${r.path.replace(MISSING, '{uuid}').replace(':target', '{uuid}')}`),
  );
  // the list's optional segments (/query, /fq, /limit) are documented as one long path
  const missing = documented
    .map((r) => r.replace(/\/(query|fq|limit)\/\{\w+\}/g, ''))
    .filter((r) => ![...covered].some((c) => matches(c, r)));
  expect(missing).toEqual([]);
});

function matches(concrete: string, template: string): boolean {
  const re = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
  );
  return re.test(concrete);
}

import { client } from './api';
import { mockFetch } from '../../../scripts/jest/web';

describe("the web tests' fake fetch", () => {
  it('answers a fixture that names documented fields with their documented types', async () => {
    mockFetch({ 'GET /api/profile': { status: 200, body: { username: 'maria', enrolments: [] } } });
    await expect(client.GET('/api/profile')).resolves.toEqual({ username: 'maria', enrolments: [] });
  });

  it('refuses a fixture with a field its route does not answer (a renamed one)', () => {
    expect(() => mockFetch({ 'GET /api/profile': { status: 200, body: { user_name: 'maria' } } })).toThrow(
      /GET \/api\/profile .*user_name/,
    );
  });

  it('refuses a fixture whose field has another type, enum value or null where none is allowed', () => {
    expect(() => mockFetch({ 'GET /api/profile': { status: 200, body: { username: 7 } } })).toThrow(
      /username/,
    );
    expect(() => mockFetch({ 'GET /api/profile': { status: 200, body: { email: null } } })).toThrow(/email/);
    expect(() => mockFetch({ 'GET /api/profile': { status: 200, body: { address: null } } })).not.toThrow();
    expect(() =>
      mockFetch({
        'GET /api/profile': { status: 200, body: { enrolments: [{ category: 'c', role: 'chief' }] } },
      }),
    ).toThrow(/enrolments\.0\.role/);
  });

  it('finds the route of a filled path, with or without a query', () => {
    expect(() =>
      mockFetch({ 'GET /api/users/uuid/u1?x=1': { status: 200, body: { username: 'maria', nick: 'm' } } }),
    ).toThrow(/\/api\/users\/uuid\/\{uuid\}.*nick/);
    expect(() => mockFetch({ 'GET /api/users/admin/stats': { status: 200, body: { users: '1' } } })).toThrow(
      /\/api\/users\/admin\/stats/,
    );
  });

  it('refuses a successful answer of a path that no document describes, but not an error answer', () => {
    expect(() => mockFetch({ 'GET /api/nowhere': { status: 200, body: {} } })).toThrow(/no documented route/);
    expect(() =>
      mockFetch({ 'GET /api/nowhere': { status: 404, body: { Error: 'not found' } } }),
    ).not.toThrow();
    expect(() => mockFetch({ 'GET /api/login': { status: 200, body: { loggedin: false } } })).not.toThrow();
  });
});

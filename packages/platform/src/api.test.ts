import { ApiError, apiUrl, client, onUnauthorized, readCookie, transport } from './api';
import { swrDefaults } from './useApi';
import { clearCookies, mockFetch } from '../../../scripts/jest/web';

beforeEach(() => clearCookies());

/** The transport's calls, by method (the paths need not be documented ones: this is the transport's test). */
const api = {
  get: (path: string) => transport('GET', path),
  post: (path: string, body?: unknown) => transport('POST', path, body),
  put: (path: string, body?: unknown) => transport('PUT', path, body),
  del: (path: string, body?: unknown) => transport('DELETE', path, body),
};

describe('apiUrl', () => {
  it('puts every path under /api', () => {
    expect(apiUrl('library/page/1')).toBe('/api/library/page/1');
    expect(apiUrl('/library/page/1')).toBe('/api/library/page/1');
    expect(apiUrl('/api/library/page/1')).toBe('/api/library/page/1');
  });
});

describe('the transport', () => {
  it('sends cookies and the X-Csrf-Token header from the token cookie', async () => {
    document.cookie = 'token=abc%20123';
    const calls = mockFetch({ 'GET /api/category': { status: 200, body: [{ token: 'c1' }] } });
    await expect(api.get('category')).resolves.toEqual([{ token: 'c1' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-csrf-token']).toBe('abc 123');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('calls GET /api/login first when an unsafe call finds no token cookie', async () => {
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=fresh' },
      'POST /api/library': { status: 200, body: { uuid: 'x' } },
    });
    await api.post('library', { title: 't' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/login', 'POST /api/library']);
    expect(calls[1]?.headers['x-csrf-token']).toBe('fresh');
    expect(calls[1]?.headers['content-type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ title: 't' });
    expect(readCookie('token')).toBe('fresh');
  });

  it('does not call GET /api/login when the token cookie exists', async () => {
    document.cookie = 'token=present';
    const calls = mockFetch({ 'DELETE /api/login': { status: 200, body: { loggedin: false } } });
    await api.del('login');
    expect(calls.map((c) => c.method)).toEqual(['DELETE']);
    expect(calls[0]?.headers['x-csrf-token']).toBe('present');
  });

  it('shares one GET /api/login between concurrent unsafe calls', async () => {
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=once' },
      'PUT /api/profile': { status: 200, body: {} },
      'POST /api/social/scope/library': { status: 200, body: {} },
    });
    await Promise.all([api.put('profile', { phone: '1' }), api.post('social/scope/library', { token: 't' })]);
    expect(calls.filter((c) => c.url === '/api/login')).toHaveLength(1);
    expect(calls.filter((c) => c.headers['x-csrf-token'] === 'once')).toHaveLength(2);
  });

  it('does not fetch a token for GET calls', async () => {
    const calls = mockFetch({ 'GET /api/profile': { status: 401, body: { Error: 'not logged in' } } });
    await expect(api.get('profile')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual(['/api/profile']);
    expect(calls[0]?.headers['x-csrf-token']).toBeUndefined();
  });

  it('throws ApiError with the status, message and code of the {"Error"} body', async () => {
    document.cookie = 'token=t';
    mockFetch({
      'POST /api/library': { status: 415, body: { Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' } },
    });
    const error = await api.post('library', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, message: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' });
  });

  it('throws ApiError with the status text when the body is not an error body', async () => {
    mockFetch({});
    const error = await api.get('nowhere').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, message: 'not found' });
    mockFetch({ 'GET /api/broken': { status: 502, body: '<html>bad gateway</html>' } });
    const broken = await api.get('broken').catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ApiError);
    expect(broken).toMatchObject({ status: 502, message: 'HTTP 502', code: undefined });
  });

  it('sends FormData as is, without a JSON content type', async () => {
    document.cookie = 'token=t';
    const calls = mockFetch({ 'POST /api/library': { status: 200, body: { uuid: 'x' } } });
    const form = new FormData();
    form.append('title', 'a');
    await api.post('library', form);
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('answers undefined for an empty body', async () => {
    document.cookie = 'token=t';
    mockFetch({ 'DELETE /api/library/uuid/x': { status: 204 } });
    await expect(api.del('library/uuid/x')).resolves.toBeUndefined();
  });
});

describe('typed client', () => {
  it('calls the API as the api client does: filled path, CSRF header, cookies, JSON body', async () => {
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: true }, setCookie: 'token=typed' },
      'PUT /api/users/uuid/a%2Fb': { status: 200, body: { uuid: 'a/b' } },
    });
    await client.PUT('/api/users/uuid/{uuid}', {
      params: { path: { uuid: 'a/b' } },
      body: { active: false },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/login', 'PUT /api/users/uuid/a%2Fb']);
    expect(calls[1]?.headers['x-csrf-token']).toBe('typed');
    expect(calls[1]?.credentials).toBe('include');
    expect(calls[1]?.body).toEqual({ active: false });
  });

  it('rejects a refusal with the ApiError of its code and field', async () => {
    document.cookie = 'token=t';
    mockFetch({
      'DELETE /api/users/uuid/me': {
        status: 403,
        body: { Error: 'action denied', code: 'ACCOUNTS.DELETE_SELF' },
      },
      'PUT /api/users/uuid/u': {
        status: 400,
        body: { Error: 'email: invalid', code: 'REQUEST.INVALID', field: 'email', rule: 'email' },
      },
    });
    const self = await client
      .DELETE('/api/users/uuid/{uuid}', { params: { path: { uuid: 'me' } } })
      .catch((e: unknown) => e);
    expect(self).toBeInstanceOf(ApiError);
    expect(self).toMatchObject({ status: 403, code: 'ACCOUNTS.DELETE_SELF' });
    const field = await client
      .PUT('/api/users/uuid/{uuid}', { params: { path: { uuid: 'u' } }, body: { email: 'x' } })
      .catch((e: unknown) => e);
    expect(field).toMatchObject({ code: 'REQUEST.INVALID', failure: { field: 'email', rule: 'email' } });
  });
});

describe('401 answers', () => {
  it('tells the listeners of a 401 on any call, then still rejects with the ApiError', async () => {
    document.cookie = 'token=t';
    mockFetch({
      'GET /api/profile': { status: 401, body: { Error: 'not logged in' } },
      'POST /api/library': { status: 401, body: { Error: 'not logged in' } },
      'GET /api/category': { status: 403, body: { Error: 'forbidden' } },
    });
    const heard: string[] = [];
    const stop = onUnauthorized((path) => heard.push(path));
    await expect(api.get('profile')).rejects.toMatchObject({ status: 401 });
    await expect(api.post('library', {})).rejects.toMatchObject({ status: 401 });
    await expect(api.get('category')).rejects.toMatchObject({ status: 403 });
    expect(heard).toEqual(['profile', 'library']);
    stop();
    await expect(api.get('profile')).rejects.toMatchObject({ status: 401 });
    expect(heard).toHaveLength(2);
  });

  it('does not treat a 401 of the login endpoint (wrong credentials, logout of a gone session) as one', async () => {
    document.cookie = 'token=t';
    mockFetch({
      'POST /api/login': { status: 401, body: { Error: 'wrong credentials' } },
      'DELETE /api/login': { status: 401, body: { Error: 'not logged in' } },
    });
    const listener = jest.fn();
    const stop = onUnauthorized(listener);
    await expect(api.post('login', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    await expect(api.del('/api/login')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps telling the other listeners when one throws', async () => {
    mockFetch({ 'GET /api/profile': { status: 401, body: { Error: 'not logged in' } } });
    const second = jest.fn();
    const stops = [
      onUnauthorized(() => {
        throw new Error('broken listener');
      }),
      onUnauthorized(second),
    ];
    await expect(api.get('profile')).rejects.toBeInstanceOf(ApiError);
    stops.forEach((stop) => stop());
    expect(second).toHaveBeenCalledWith('profile');
  });
});

describe('swrDefaults', () => {
  it('retries network failures and 5xx, not client errors', () => {
    const retry = swrDefaults.shouldRetryOnError as (error: Error) => boolean;
    expect(retry(new ApiError(503, 'service unavailable'))).toBe(true);
    expect(retry(new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(new ApiError(404, 'not found'))).toBe(false);
    expect(retry(new ApiError(401, 'not logged in'))).toBe(false);
  });
});

import { renderHook, waitFor } from '@testing-library/react';
import { adminUser, clearCookies, mockFetch } from '../../../scripts/jest/web';
import { ApiError } from './api';
import { apiKey, preloadApiGet, useApiGet, useApiGetWithin, withinKey } from './useApi';

beforeEach(() => clearCookies());

describe('useApiGet', () => {
  it('keys a read by its URL, path parameters encoded and the query appended', () => {
    expect(apiKey('/api/users/uuid/{uuid}', { params: { path: { uuid: 'a b' } } })).toBe(
      '/api/users/uuid/a%20b',
    );
    expect(apiKey('/api/settings', {})).toBe('/api/settings');
  });

  it('fetches the typed path and answers its data; null skips the call', async () => {
    const calls = mockFetch({
      'GET /api/users/admin/stats': {
        status: 200,
        body: { total: 3, status: { active: 2, inactive: 1 }, role: { admin: 1 } },
      },
    });
    const { result } = renderHook(() => useApiGet('/api/users/admin/stats', {}));
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.status.active).toBe(2);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/users/admin/stats']);

    const skipped = renderHook(() => useApiGet('/api/users/admin/stats', null));
    expect(skipped.result.current.data).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});

describe('useApiGetWithin', () => {
  const path = '/api/data/scope/zones/project/{project}' as const;

  it('keys the plain path without a filter and its /within/{filter} form with one', () => {
    expect(withinKey(path, { params: { path: { project: 'p 1' } } }, null)).toBe(
      '/api/data/scope/zones/project/p%201',
    );
    expect(withinKey(path, { params: { path: { project: 'p1' } } }, '1,2_3,4_5,6')).toBe(
      '/api/data/scope/zones/project/p1/within/1%2C2_3%2C4_5%2C6',
    );
  });

  it('fetches the form that the filter names; null skips the call', async () => {
    const calls = mockFetch({
      'GET /api/data/scope/zones/project/p1/within/1%2C2_3%2C4_5%2C6': {
        status: 200,
        body: { min_cell: 5, suppressed: false, zones: [] },
      },
    });
    const { result } = renderHook(() =>
      useApiGetWithin(path, { params: { path: { project: 'p1' } } }, '1,2_3,4_5,6'),
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.zones).toEqual([]);
    renderHook(() => useApiGetWithin(path, null, null));
    expect(calls).toHaveLength(1);
  });
});

describe('preloadApiGet', () => {
  const path = '/api/users/uuid/{uuid}' as const;

  it('starts the read at once; the first useApiGet of it takes that answer instead of fetching again', async () => {
    const calls = mockFetch({ 'GET /api/profile': { status: 200, body: adminUser } });
    preloadApiGet('/api/profile', {});
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/profile']);
    const { result } = renderHook(() => useApiGet('/api/profile', {}));
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data?.username).toBe(adminUser.username);
    expect(calls).toHaveLength(1);
  });

  it('reads a response already on its way instead of asking again', async () => {
    const calls = mockFetch({ 'GET /api/settings': { status: 200, body: { multilingual: true } } });
    const prefetched = fetch('/api/settings');
    expect(calls).toHaveLength(1);
    preloadApiGet('/api/settings', {}, prefetched);
    const { result } = renderHook(() => useApiGet('/api/settings', {}));
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.data).toMatchObject({ multilingual: true });
    expect(calls).toHaveLength(1);
  });

  it('makes a refused response already on its way the error of the read that takes it', async () => {
    const calls = mockFetch({
      'GET /api/users/uuid/u-early': { status: 404, body: { Error: 'not found', code: 'USERS.NOT_FOUND' } },
    });
    const init = { params: { path: { uuid: 'u-early' } } };
    preloadApiGet(path, init, fetch('/api/users/uuid/u-early'));
    const { result } = renderHook(() => useApiGet(path, init));
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error?.status).toBe(404);
    expect(result.current.error?.code).toBe('USERS.NOT_FOUND');
    expect(calls).toHaveLength(1);
  });

  it("keeps a refusal for the read that takes it, as that read's error", async () => {
    const calls = mockFetch({
      'GET /api/users/uuid/u-refused': { status: 403, body: { Error: 'forbidden', code: 'AUTH.FORBIDDEN' } },
    });
    preloadApiGet(path, { params: { path: { uuid: 'u-refused' } } });
    const { result } = renderHook(() => useApiGet(path, { params: { path: { uuid: 'u-refused' } } }));
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.status).toBe(403);
    expect(calls).toHaveLength(1);
  });
});

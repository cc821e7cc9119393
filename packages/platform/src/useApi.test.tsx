import { renderHook, waitFor } from '@testing-library/react';
import { clearCookies, mockFetch } from '../../../scripts/jest/web';
import { apiKey, useApiGet, useApiGetWithin, withinKey } from './useApi';

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

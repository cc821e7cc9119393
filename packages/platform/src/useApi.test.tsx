import { renderHook, waitFor } from '@testing-library/react';
import { clearCookies, mockFetch } from '../../../scripts/jest/web';
import { apiKey, useApiGet } from './useApi';

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

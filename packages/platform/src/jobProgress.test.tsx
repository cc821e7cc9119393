import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { clearCookies, mockFetch, type FakeReply } from '../../../scripts/jest/web';
import { useJobProgress } from './jobProgress';
import { swrDefaults } from './useApi';

beforeEach(() => clearCookies());

/** Each test with its own SWR cache and the apps' retry rule. */
function wrapper({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{ ...swrDefaults, provider: () => new Map(), dedupingInterval: 0, errorRetryInterval: 10 }}
    >
      {children}
    </SWRConfig>
  );
}

/** A job route answering `replies` one after the other (the last one again after that). */
function job(replies: FakeReply[]) {
  let n = 0;
  return () => replies[Math.min(n++, replies.length - 1)]!;
}

const running = (progress: number): FakeReply => ({ status: 200, body: { state: 'running', progress } });
const ended = (next: { state: string }) => next.state !== 'running';

/** Watches the library backup job `id`, looked at every 10 ms. */
const watchBackup = (id: string) =>
  renderHook(
    () =>
      useJobProgress('/api/libraryExport/job/{id}', { params: { path: { id } } }, { ended, intervalMs: 10 }),
    { wrapper },
  );

describe('useJobProgress', () => {
  it('looks at the job again until it has ended, then stops', async () => {
    const calls = mockFetch({
      'GET /api/libraryExport/job/j1': job([
        running(10),
        running(60),
        { status: 200, body: { state: 'done', progress: 100 } },
      ]),
    });
    const { result } = watchBackup('j1');
    await waitFor(() => expect(result.current.over).toBe(true));
    expect(result.current.data).toEqual({ state: 'done', progress: 100 });
    expect(result.current.error).toBeUndefined();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/libraryExport/job/j1',
      '/api/libraryExport/job/j1',
      '/api/libraryExport/job/j1',
    ]);
  });

  it('is over when the server refuses to tell (a 4xx), with the refusal as its error', async () => {
    mockFetch({
      'GET /api/export/job/gone': { status: 404, body: { Error: 'not found', code: 'NOT_FOUND' } },
    });
    const { result } = renderHook(
      () =>
        useJobProgress(
          '/api/export/job/{job}',
          { params: { path: { job: 'gone' } } },
          {
            ended: (s) => s.state === 'done' || s.state === 'failed',
            intervalMs: 10,
          },
        ),
      { wrapper },
    );
    await waitFor(() => expect(result.current.over).toBe(true));
    expect(result.current.error?.status).toBe(404);
    expect(result.current.error?.hasCode('NOT_FOUND')).toBe(true);
    expect(result.current.data).toBeUndefined();
  });

  it('looks again after a 5xx answer, which is not the end', async () => {
    const calls = mockFetch({
      'GET /api/libraryExport/job/j2': job([
        { status: 503, body: { Error: 'library service unavailable' } },
        { status: 200, body: { state: 'failed', progress: 30 } },
      ]),
    });
    const { result } = watchBackup('j2');
    await waitFor(() => expect(result.current.data).toEqual({ state: 'failed', progress: 30 }));
    expect(result.current.over).toBe(true);
    // the 503 was looked at again, not taken for the end
    expect(calls).toHaveLength(2);
  });

  it('watches nothing without a job', () => {
    const calls = mockFetch({});
    const { result } = renderHook(() => useJobProgress('/api/libraryExport/job/{id}', null, { ended }), {
      wrapper,
    });
    expect(result.current).toMatchObject({ data: undefined, error: undefined, over: false });
    expect(calls).toHaveLength(0);
  });
});

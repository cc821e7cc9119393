import { act, renderHook, waitFor } from '@testing-library/react';
import type { Paged } from '@agora/contracts';
import { usePagedList } from './usePagedList';

/** A page fetcher whose answers the test releases one at a time. */
function controlledPages() {
  const pending: Array<(page: Paged<string>) => void> = [];
  const fetchPage = () => new Promise<Paged<string>>((resolve) => pending.push(resolve));
  return { fetchPage, answer: (values: string[]) => pending.shift()?.({ values, page: 1, total_pages: 1 }) };
}

describe('usePagedList', () => {
  it('keeps showing the rows while a reload fetches the first page again, then shows the new page', async () => {
    const pages = controlledPages();
    const { result } = renderHook(() => usePagedList(pages.fetchPage, 'views'));
    await act(async () => pages.answer(['harbour-walk', 'old-town']));
    await waitFor(() => expect(result.current.items).toEqual(['harbour-walk', 'old-town']));

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.items).toEqual(['harbour-walk', 'old-town']);

    await act(async () => pages.answer(['harbour-walk']));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items).toEqual(['harbour-walk']);
  });

  it('shows no rows of another list while the new key loads', async () => {
    const pages = controlledPages();
    const { result, rerender } = renderHook(({ key }) => usePagedList(pages.fetchPage, key), {
      initialProps: { key: 'tags:a' },
    });
    await act(async () => pages.answer(['a1']));
    await waitFor(() => expect(result.current.items).toEqual(['a1']));
    rerender({ key: 'tags:b' });
    expect(result.current.items).toEqual([]);
    expect(result.current.loading).toBe(true);
    await act(async () => pages.answer(['b1']));
    await waitFor(() => expect(result.current.items).toEqual(['b1']));
  });
});

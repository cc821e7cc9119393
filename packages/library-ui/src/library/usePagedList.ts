import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Paged } from '@agora/contracts';
import { ApiError } from '@agora/platform';

export interface PagedList<T> {
  items: T[];
  page: number;
  totalPages: number;
  /** true while a page is being loaded */
  loading: boolean;
  error: ApiError | null;
  /** load more while page < total_pages (spec part 1 §9) */
  hasMore: boolean;
  loadMore: () => void;
  /** starts again from page 1, showing the rows it has until the new first page arrives */
  reload: () => void;
}

interface ListState<T> {
  /** which list (key and reload count) the state belongs to */
  tag: string;
  /** which list (key) its rows belong to: a reload of the same list keeps them on screen */
  key: string;
  items: T[];
  page: number;
  totalPages: number;
  loading: boolean;
  error: ApiError | null;
}

/**
 * A "load more" list over `fetchPage(n)` (a typed read of a paged path, e.g. `library/page/{n}/taglist/a;b`), pages
 * appended in order. A new `key` (e.g. a new tag filter) starts again from page 1; answers for an older key are
 * dropped. `fetchPage` null: no calls.
 */
export function usePagedList<T>(
  fetchPage: ((page: number) => Promise<Paged<T>>) | null,
  key: string,
): PagedList<T> {
  const [generation, setGeneration] = useState(0);
  const tag = `${generation}:${key}`;
  const [state, setState] = useState<ListState<T>>({
    tag: '',
    key: '',
    items: [],
    page: 0,
    totalPages: 0,
    loading: false,
    error: null,
  });
  const currentTag = useRef(tag);
  const fetchRef = useRef(fetchPage);
  useLayoutEffect(() => {
    fetchRef.current = fetchPage;
    currentTag.current = tag;
  });

  const load = useCallback(async (n: number, forTag: string, forKey: string) => {
    const fetchOf = fetchRef.current;
    if (!fetchOf) return;
    setState((s) =>
      s.key === forKey
        ? { ...s, tag: forTag, loading: true }
        : { ...s, tag: forTag, key: forKey, items: [], page: 0, totalPages: 0, loading: true, error: null },
    );
    try {
      const data = await fetchOf(n);
      if (currentTag.current !== forTag) return;
      setState((s) => ({
        tag: forTag,
        key: forKey,
        items: n === 1 ? data.values : [...s.items, ...data.values],
        page: data.page ?? n,
        totalPages: data.total_pages ?? 0,
        loading: false,
        error: null,
      }));
    } catch (e) {
      if (currentTag.current !== forTag) return;
      const error = e instanceof ApiError ? e : new ApiError(0, 'unexpected error');
      setState((s) => ({ ...s, tag: forTag, key: forKey, loading: false, error }));
    }
  }, []);

  const enabled = fetchPage !== null;
  useEffect(() => {
    if (enabled) void load(1, tag, key);
  }, [tag, key, enabled, load]);

  // the rows of this list (a reload keeps them until its first page replaces them); another key shows none
  const sameList = state.key === key;
  const items = sameList ? state.items : [];
  const page = sameList ? state.page : 0;
  const totalPages = sameList ? state.totalPages : 0;
  const loading = enabled && (state.tag !== tag || state.loading);
  const hasMore = page > 0 && page < totalPages;
  const loadMore = useCallback(() => {
    if (!loading && hasMore) void load(page + 1, tag, key);
  }, [hasMore, key, load, loading, page, tag]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return {
    items,
    page,
    totalPages,
    loading,
    error: sameList ? state.error : null,
    hasMore,
    loadMore,
    reload,
  };
}

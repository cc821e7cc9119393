import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SortMethod } from '@agora/contracts';

/** Delay between the last keystroke in the search box and the new query (spec: 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Rows asked for by the CSV export (spec part 2 §7). */
export const CSV_LIMIT = 10000;

export interface TableQueryOptions {
  /** the list's API path before `/page/…`, e.g. `users` */
  path: string;
  /** default sort field (spec: lastname) and method (asc) */
  sort: string;
  method?: SortMethod;
  /** filters set at start, e.g. from the route (`role: 'editor'`) */
  initialFilters?: Readonly<Record<string, string>>;
}

export interface TableQueryState {
  page: number;
  sort: string;
  method: SortMethod;
  /** the applied (debounced) search */
  query: string;
  filters: Readonly<Record<string, string>>;
}

/** `{path}/page/{n}/sort/{f}/sort_method/{m}[/query/{q}][/fq/k:v;k2:v2]` (empty filters are left out). */
export function buildListPath(path: string, state: TableQueryState, limit?: number): string {
  const base = `${path.replace(/\/+$/, '')}/page/${state.page}/sort/${encodeURIComponent(state.sort)}/sort_method/${state.method}`;
  const query = state.query.trim() ? `/query/${encodeURIComponent(state.query.trim())}` : '';
  const fq = Object.entries(state.filters)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}:${encodeURIComponent(v)}`)
    .join(';');
  return `${base}${query}${fq ? `/fq/${fq}` : ''}${limit ? `/limit/${limit}` : ''}`;
}

/**
 * The state of a generic table (spec part 1 §2, §4, §9): page from 1, sort field with asc/desc toggled by a
 * second click on the same heading, search applied 500 ms after the last keystroke, filters, reset. Any change
 * but the page goes back to page 1.
 */
export function useTableQuery(options: TableQueryOptions) {
  // A new filters object with the same content counts as the same.
  const filtersKey = JSON.stringify(options.initialFilters ?? {});
  const defaults = useMemo<TableQueryState>(
    () => ({
      page: 1,
      sort: options.sort,
      method: options.method ?? 'asc',
      query: '',
      filters: JSON.parse(filtersKey) as Record<string, string>,
    }),
    [options.sort, options.method, filtersKey],
  );
  const [state, setState] = useState<TableQueryState>(defaults);
  const [search, setSearchText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // New defaults (another route's filters) start over.
  const [seenDefaults, setSeenDefaults] = useState(defaults);
  if (seenDefaults !== defaults) {
    setSeenDefaults(defaults);
    setState(defaults);
    setSearchText('');
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);

  /** Sorts by a field; the same field again toggles asc/desc. */
  const sortBy = useCallback(
    (field: string) =>
      setState((s) => ({
        ...s,
        page: 1,
        sort: field,
        method: s.sort === field ? (s.method === 'asc' ? 'desc' : 'asc') : 'asc',
      })),
    [],
  );

  /** The search box's text; the query follows 500 ms after the last change. */
  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setState((s) => (s.query === text ? s : { ...s, page: 1, query: text }));
    }, SEARCH_DEBOUNCE_MS);
  }, []);

  /** Sets one filter; '' removes it. */
  const setFilter = useCallback(
    (key: string, value: string) =>
      setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [key]: value } })),
    [],
  );

  /** Back to the default sort, no search, no filters (not even the route's), page 1. */
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setSearchText('');
    setState({ ...defaults, filters: {} });
  }, [defaults]);

  const listPath = useMemo(() => buildListPath(options.path, state), [options.path, state]);
  const csvPath = useMemo(
    () => buildListPath(options.path, { ...state, page: 1 }, CSV_LIMIT),
    [options.path, state],
  );

  return { ...state, search, setPage, sortBy, setSearch, setFilter, reset, listPath, csvPath };
}

export type TableQuery = ReturnType<typeof useTableQuery>;

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiPath, type SortMethod } from '@agora/contracts';
import { transport } from '../api';
import type { ApiGetData, GetPath } from '../useApi';

/** Delay between the last keystroke in the search box and the new query (spec: 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Rows asked for by the CSV export (spec part 2 §7). */
export const CSV_LIMIT = 10000;

/** The optional segments of a list path, in their order: search, filters, page size. */
type WithSearch<P extends string> = P | `${P}/query/{query}`;
type WithFilters<P extends string> = P | `${P}/fq/{fq}`;
type WithLimit<P extends string> = P | `${P}/limit/{limit}`;
type ListForms<P extends string> = WithLimit<WithFilters<WithSearch<P>>>;

/** The rows' page as a table reads it. */
export interface TablePage<T> {
  values: readonly T[];
  page: number;
  total_pages: number;
}

/**
 * A paged list of the API (`…/page/{page}/sort/{field}/sort_method/{method}`) that answers pages of rows and whose
 * document describes every form a table calls: with and without `/query/{query}`, `/fq/{fq}` and `/limit/{limit}`.
 */
export type ListPath = {
  [P in GetPath]: P extends `${string}/page/{page}/sort/{field}/sort_method/{method}`
    ? [ListForms<P>] extends [GetPath]
      ? AnswersPages<P>
      : never
    : never;
}[GetPath];

/** `P` when its document answers pages of rows. */
type AnswersPages<P extends GetPath> = ApiGetData<P> extends TablePage<unknown> ? P : never;

/**
 * A paged list of the API whose path has `{page}`, `{field}` and `{method}` in another order (e.g.
 * `/api/invitation/sort/{field}/sort_method/{method}/page/{page}`) and answers pages of rows.
 */
export type PagedPath = {
  [P in GetPath]: P extends `${string}{page}${string}`
    ? P extends `${string}{field}${string}{method}${string}`
      ? AnswersPages<P>
      : never
    : never;
}[GetPath];

/** A page of a list path, as its document describes it. */
export type ListPage<P extends PagedPath> = ApiGetData<P>;

/** A row of a list path's pages. */
export type ListRow<P extends PagedPath> = ListPage<P> extends { values: ReadonlyArray<infer R> } ? R : never;

export interface TableQueryOptions<P extends ListPath> {
  /** the list's documented path, e.g. `/api/users/page/{page}/sort/{field}/sort_method/{method}` */
  path: P;
  /** default sort field (spec: lastname) and method (asc) */
  sort: string;
  method?: SortMethod;
  /** filters set at start, e.g. from the route (`role: 'editor'`) */
  initialFilters?: Readonly<Record<string, string>>;
  /** the path's other `{name}`s, e.g. `{category}` of `/api/enrolment/category/{category}/page/…` */
  pathParams?: Readonly<Record<string, string>>;
}

export interface TableQueryState {
  page: number;
  sort: string;
  method: SortMethod;
  /** the applied (debounced) search */
  query: string;
  filters: Readonly<Record<string, string>>;
}

/**
 * The URL of a list path's page: `{path}` filled, then `[/query/{q}][/fq/k:v;k2:v2][/limit/{n}]` (empty filters
 * are left out). The filters keep the service's own syntax: values encoded, `:` and `;` as they are.
 */
export function buildListPath(
  path: PagedPath,
  state: TableQueryState,
  limit?: number,
  pathParams: Readonly<Record<string, string>> = {},
): string {
  const query = state.query.trim();
  const base = apiPath(query ? `${path}/query/{query}` : path, {
    path: {
      ...pathParams,
      page: state.page,
      field: state.sort,
      method: state.method,
      ...(query ? { query } : {}),
    },
  });
  const fq = Object.entries(state.filters)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}:${encodeURIComponent(v)}`)
    .join(';');
  return `${base}${fq ? `/fq/${fq}` : ''}${limit ? `/limit/${limit}` : ''}`;
}

/** Whether an SWR key is a page of the list at `path` (to refresh them all after a change). */
export function isListKey(path: PagedPath, key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(path.slice(0, path.indexOf('/page/') + '/page/'.length));
}

/**
 * The state of a generic table (spec part 1 §2, §4, §9): page from 1, sort field with asc/desc toggled by a
 * second click on the same heading, search applied 500 ms after the last keystroke, filters, reset. Any change
 * but the page goes back to page 1.
 */
export function useTableQuery<P extends ListPath>(options: TableQueryOptions<P>): TableQuery<ListRow<P>> {
  return useListQuery<P>(options);
}

/** What `useListQuery` takes: `useTableQuery`'s options with any paged path (see there). */
export interface ListQueryOptions<P extends PagedPath> extends Omit<TableQueryOptions<ListPath>, 'path'> {
  /**
   * the list's documented path with `{page}`, `{field}` and `{method}` in any order, e.g.
   * `/api/invitation/sort/{field}/sort_method/{method}/page/{page}`; `/query/{query}`, `/fq/…` and `/limit/{n}` follow
   */
  path: P;
}

/** `useTableQuery` for a list whose page segment comes after the sort segments (any `PagedPath`). */
export function useListQuery<P extends PagedPath>(options: ListQueryOptions<P>): TableQuery<ListRow<P>> {
  type T = ListRow<P>;
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

  const paramsKey = JSON.stringify(options.pathParams ?? {});
  const listPath = useMemo(
    () => buildListPath(options.path, state, undefined, JSON.parse(paramsKey) as Record<string, string>),
    [options.path, state, paramsKey],
  );
  const csvPath = useMemo(
    () =>
      buildListPath(
        options.path,
        { ...state, page: 1 },
        CSV_LIMIT,
        JSON.parse(paramsKey) as Record<string, string>,
      ),
    [options.path, state, paramsKey],
  );
  // The URLs are the documented path's forms (ListPath), so its answer is the document's.
  const fetchPage = useCallback((url: string) => transport('GET', url) as Promise<TablePage<T>>, []);

  return { ...state, search, setPage, sortBy, setSearch, setFilter, reset, listPath, csvPath, fetchPage };
}

/** A table's query state, its setters, the URLs of its page and of its CSV export, and their reader. */
export interface TableQuery<T> extends TableQueryState {
  /** the search box's text (the query follows it) */
  search: string;
  setPage: (page: number) => void;
  sortBy: (field: string) => void;
  setSearch: (text: string) => void;
  setFilter: (key: string, value: string) => void;
  reset: () => void;
  /** the URL of the current page (the SWR key of its read) */
  listPath: string;
  /** the URL of every row (`/limit/10000`), for the CSV export */
  csvPath: string;
  /** reads `listPath` or `csvPath`: a page of the documented list */
  fetchPage: (url: string) => Promise<TablePage<T>>;
}

export {
  buildListPath,
  CSV_LIMIT,
  isListKey,
  SEARCH_DEBOUNCE_MS,
  useListQuery,
  useTableQuery,
  type ListQueryOptions,
  type ListPage,
  type ListPath,
  type ListRow,
  type PagedPath,
  type TablePage,
  type TableQuery,
  type TableQueryOptions,
  type TableQueryState,
} from './useTableQuery';
export { DataTable, Pagination, type Column, type DataTableProps, type TableFilter } from './DataTable';
export { csvField, downloadText, toCsv } from './csv';
export { pageItems, type PageItem } from './pagination';

export {
  buildListPath,
  CSV_LIMIT,
  SEARCH_DEBOUNCE_MS,
  useTableQuery,
  type TableQuery,
  type TableQueryOptions,
  type TableQueryState,
} from './useTableQuery';
export { DataGrid, Pagination, type DataGridProps, type GridColumn, type GridFilter } from './DataGrid';
export { csvField, downloadText, toCsv } from './csv';
export { pageItems, type PageItem } from './pagination';

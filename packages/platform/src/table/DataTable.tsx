import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import type { ApiError } from '../api';
import { EmptyState } from '../ui/EmptyState';
import { ErrorFromCall } from '../ui/ErrorFromCall';
import { Loading } from '../ui/Loading';
import { downloadText, toCsv } from './csv';
import { pageItems } from './pagination';
import type { TablePage, TableQuery } from './useTableQuery';
import './table.css';

export interface Column<T> {
  /** stable key of the column */
  key: string;
  header: ReactNode;
  /** the sort field sent to the server; true means `key`; absent: not sortable (only a loading table sorts) */
  sort?: string | true;
  /** the cell; defaults to the row's field named `key` */
  cell?: (row: T) => ReactNode;
  /** the CSV text of the cell; defaults to the row's field named `key` */
  csv?: (row: T) => string | number | boolean | null | undefined;
  /** the CSV heading; defaults to `key` */
  csvHeader?: string;
}

export interface TableFilter {
  key: string;
  label: ReactNode;
  /** '' is "all" */
  options: ReadonlyArray<{ value: string; label: string }>;
}

type RowAction = 'view' | 'edit' | 'drop' | 'activate';

interface TableView<T> {
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string;
  /** `data-testid` of every body row, e.g. `user-row` */
  rowTestId?: string;
  /** accessible name of the table */
  caption?: ReactNode;
  /** shown instead of the table when there are no rows */
  empty?: ReactNode;
  onView?: (row: T) => void;
  onEdit?: (row: T) => void;
  onDrop?: (row: T) => void;
  /** activate/deactivate; `isActive` tells which label to show */
  onActivate?: (row: T) => void;
  isActive?: (row: T) => boolean;
  /** hides a row's action (e.g. a user cannot deactivate themself) */
  canAct?: (row: T, action: RowAction) => boolean;
}

/** The rows are the page's: the table shows them. */
interface RowsSource<T> {
  rows: readonly T[];
  table?: never;
}

/** The table loads `table.listPath` itself, with its toolbox (filters, search, reset, CSV) and pages. */
interface QuerySource<T> {
  table: TableQuery<T>;
  rows?: never;
  filters?: readonly TableFilter[];
  /** shows the search box */
  searchable?: boolean;
  /** shows the CSV button; the file is `{csvFileName}.csv` */
  csvFileName?: string;
}

export type DataTableProps<T> = TableView<T> & (RowsSource<T> | QuerySource<T>);

function fieldOf<T>(row: T, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The one table of the site: accessible, scrolling horizontally on narrow screens, with optional row buttons.
 * Given `rows`, it shows them; given a `table` query, it is the generic table of the spec (part 1 §2, part 2 §2):
 * filter toolbox, search, reset, CSV export, sortable headings, pagination, and it loads `table.listPath` itself.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return props.table ? (
    <LoadingTable {...props} table={props.table} />
  ) : (
    <Rows {...props} rows={props.rows ?? []} />
  );
}

function LoadingTable<T>(props: TableView<T> & QuerySource<T>) {
  const { table, columns } = props;
  const intl = useIntl();
  const searchId = useId();
  const { data, error, isLoading } = useSWR<TablePage<T>, ApiError>(table.listPath, table.fetchPage, {
    keepPreviousData: true,
  });
  const [csvState, setCsvState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const exportCsv = async () => {
    if (!props.csvFileName) return;
    setCsvState('busy');
    try {
      const all = await table.fetchPage(table.csvPath);
      const header = columns.map((c) => c.csvHeader ?? c.key);
      const rows = (all?.values ?? []).map((row) =>
        columns.map((c) => (c.csv ? c.csv(row) : fieldOf(row, c.key))),
      );
      downloadText(`${props.csvFileName}.csv`, toCsv(header, rows));
      setCsvState('idle');
    } catch {
      setCsvState('failed');
    }
  };

  return (
    <div className="ag-grid">
      <div
        className="ag-grid-toolbox"
        role="group"
        aria-label={intl.formatMessage({ id: 'platform.table.tools' })}
      >
        {props.searchable && (
          <div className="ag-grid-search">
            <label htmlFor={searchId}>
              <FormattedMessage id="platform.table.search" />
            </label>
            <input
              id={searchId}
              type="search"
              className="ag-input"
              value={table.search}
              onChange={(e) => table.setSearch(e.target.value)}
            />
          </div>
        )}
        {props.filters?.map((f) => (
          <FilterSelect
            key={f.key}
            filter={f}
            value={table.filters[f.key] ?? ''}
            onChange={table.setFilter}
          />
        ))}
        <button type="button" className="ag-button" onClick={table.reset} data-testid="grid-reset">
          <FormattedMessage id="platform.table.reset" />
        </button>
        {props.csvFileName && (
          <button
            type="button"
            className="ag-button"
            onClick={() => void exportCsv()}
            disabled={csvState === 'busy'}
            data-testid="grid-csv"
          >
            <FormattedMessage id="platform.table.csv" />
          </button>
        )}
        {csvState === 'failed' && (
          <span role="alert" className="ag-grid-csv-error">
            <FormattedMessage id="platform.table.csvFailed" />
          </span>
        )}
      </div>

      {error ? (
        <ErrorFromCall error={error} />
      ) : isLoading && !data ? (
        <Loading />
      ) : (
        <Rows {...props} rows={data?.values ?? []} />
      )}
      <Pagination page={table.page} totalPages={data?.total_pages ?? 0} onPage={table.setPage} />
    </div>
  );
}

/** The table itself (the empty state when there are no rows); headings sort when a `table` query is given. */
function Rows<T>(props: TableView<T> & { rows: readonly T[]; table?: TableQuery<T> }) {
  const { columns, rows, table, caption } = props;
  const captionId = useId();
  if (rows.length === 0) return <EmptyState>{props.empty}</EmptyState>;
  const hasActions = !!(props.onView || props.onEdit || props.onDrop || props.onActivate);
  const can = (row: T, action: RowAction) => props.canAct?.(row, action) ?? true;
  return (
    // Focusable so that keyboard users can scroll a wide table on a narrow screen.
    <div
      className="ag-table-wrap"
      tabIndex={0}
      role="region"
      aria-labelledby={caption ? captionId : undefined}
    >
      <table className="ag-table">
        {caption && (
          <caption id={captionId} className="ag-visually-hidden">
            {caption}
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((c) => {
              const field = table ? (c.sort === true ? c.key : c.sort) : undefined;
              const active = field !== undefined && table?.sort === field;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (table?.method === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {field === undefined ? (
                    c.header
                  ) : (
                    <button type="button" className="ag-grid-sort" onClick={() => table?.sortBy(field)}>
                      {c.header}
                      <span aria-hidden="true" className="ag-grid-sort-mark">
                        {active ? (table?.method === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
            {hasActions && (
              <th scope="col">
                <FormattedMessage id="platform.table.actions" />
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={props.rowKey(row)} data-testid={props.rowTestId}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.key}>
                  {c.cell ? c.cell(row) : defaultCell(fieldOf(row, c.key))}
                </td>
              ))}
              {hasActions && (
                <td className="ag-grid-actions">
                  {props.onView && can(row, 'view') && (
                    <button type="button" className="ag-button" onClick={() => props.onView?.(row)}>
                      <FormattedMessage id="platform.table.view" />
                    </button>
                  )}
                  {props.onEdit && can(row, 'edit') && (
                    <button type="button" className="ag-button" onClick={() => props.onEdit?.(row)}>
                      <FormattedMessage id="platform.table.edit" />
                    </button>
                  )}
                  {props.onActivate && can(row, 'activate') && (
                    <button type="button" className="ag-button" onClick={() => props.onActivate?.(row)}>
                      <FormattedMessage
                        id={props.isActive?.(row) ? 'platform.table.deactivate' : 'platform.table.activate'}
                      />
                    </button>
                  )}
                  {props.onDrop && can(row, 'drop') && (
                    <button type="button" className="ag-button" onClick={() => props.onDrop?.(row)}>
                      <FormattedMessage id="platform.table.drop" />
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FilterSelect(props: {
  filter: TableFilter;
  value: string;
  onChange: (key: string, value: string) => void;
}) {
  const id = useId();
  const intl = useIntl();
  return (
    <div className="ag-grid-filter">
      <label htmlFor={id}>{props.filter.label}</label>
      <select
        id={id}
        className="ag-input"
        value={props.value}
        onChange={(e) => props.onChange(props.filter.key, e.target.value)}
      >
        <option value="">{intl.formatMessage({ id: 'platform.table.all' })}</option>
        {props.filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** First, previous, pages with ellipses, next, last; nothing under 2 pages. */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  if (totalPages < 2) return null;
  const button = (target: number, labelId: string, text: ReactNode, disabled: boolean) => (
    <li>
      <button
        type="button"
        className="ag-button"
        aria-label={intl.formatMessage({ id: labelId })}
        disabled={disabled}
        onClick={() => onPage(target)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav className="ag-pagination" aria-label={intl.formatMessage({ id: 'platform.table.pagination' })}>
      <ul>
        {button(1, 'platform.table.first', '«', page <= 1)}
        {button(page - 1, 'platform.table.previous', '‹', page <= 1)}
        {pageItems(page, totalPages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="ag-pagination-gap">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`ag-button${item === page ? ' ag-button-primary' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'platform.table.page' }, { n: item })}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        {button(page + 1, 'platform.table.next', '›', page >= totalPages)}
        {button(totalPages, 'platform.table.last', '»', page >= totalPages)}
      </ul>
    </nav>
  );
}

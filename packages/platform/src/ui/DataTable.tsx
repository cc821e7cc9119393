import { useId, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';

export interface Column<T> {
  /** stable key of the column */
  key: string;
  header: ReactNode;
  /** the cell; defaults to the row's field named `key` */
  cell?: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** `data-testid` of every body row, e.g. `user-row` */
  rowTestId?: string;
  /** accessible name of the table */
  caption?: ReactNode;
  /** shown instead of the table when there are no rows */
  empty?: ReactNode;
}

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A simple, accessible data table that scrolls horizontally on narrow screens. */
export function DataTable<T>({ columns, rows, rowKey, rowTestId, caption, empty }: DataTableProps<T>) {
  const captionId = useId();
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
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
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.key}>
                  {c.cell ? c.cell(row) : defaultCell(row, c.key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
